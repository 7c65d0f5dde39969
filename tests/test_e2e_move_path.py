"""The path of one move through the real bot on the fake Discord: what it reads, and in which order it answers.

A move reads its game once (the button's or command's check), its seats once, and parses its state once;
the stored version still guards the write. The mover's private answer (their next private choice) is sent
before the public board is drawn and posted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from e2e import boards, menu, open_game, private_replies, settled, to_move

import engines
from offline.fakediscord.state import Interaction, Message, User
from offline.sandbox import Sandbox

READS = ("get_game", "seats", "games_in_channel", "list_games", "seats_of_games")


class Counting:
    """Counts the store's game reads and the engine's state parses while installed."""

    def __init__(self, box: Sandbox, monkeypatch: pytest.MonkeyPatch, game: str) -> None:
        self.calls: Counter[str] = Counter()
        assert box.bot is not None
        store = box.bot.store
        for name in READS:
            monkeypatch.setattr(store, name, self._counted(name, getattr(store, name)))
        engine = engines.get(game)
        monkeypatch.setattr(engine, "loads", self._counted("loads", engine.loads))

    def _counted(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] += 1
            return method(*args, **kwargs)

        return call

    def take(self) -> Counter[str]:
        taken, self.calls = self.calls, Counter()
        return taken


def has_step(message: Message) -> bool:
    """Whether a message offers a next step: a button (Cancel left out) or a menu."""
    return any(not c.startswith("bz:drx:") for c in message.button_ids) or menu(message) is not None


async def answer(box: Sandbox, user: User, message: Message) -> Interaction:
    """The first step a message offers: its first button (Cancel left out), else its menu's first choice."""
    ids = [c for c in message.button_ids if not c.startswith("bz:drx:")]
    if ids:
        it = await box.fake.click(user, message, ids[0])
    else:
        choices = menu(message)
        assert choices is not None
        it = await box.fake.select(user, message, choices["custom_id"], [choices["options"][0]["value"]])
    await it.done()
    return it


async def test_a_jambo_button_move_reads_its_game_once_and_answers_the_mover_first(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    box = sandbox
    ana, bo = box.user("ana"), box.user("bo")
    _, thread = await open_game(box, "jambo", ana, [bo])
    counting = Counting(box, monkeypatch, "jambo")
    commits = 0
    answered_first = 0
    for _ in range(12):
        board = boards(box, thread)[-1]
        user = to_move(box, board)
        assert user is not None
        if has_step(board):
            message = board
        else:
            hand = await settled(box.fake.slash(user, thread, "jambo hand"))
            message = next(m for m in reversed(hand.followups) if m.ephemeral and m.components)
        for _ in range(20):
            if not has_step(message):
                break
            before = len(boards(box, thread))
            counting.take()
            it = await answer(box, user, message)
            calls = counting.take()
            # one read of the game (the button's check), of its seats, one parse of its state: never a second
            assert calls["get_game"] == 1, calls
            assert calls["seats"] == 1, calls
            assert calls["loads"] == 1, calls
            posted = boards(box, thread)[before:]
            private = private_replies(it)
            if posted:
                commits += 1
                if private:
                    answered_first += 1
                    assert private[0].created < posted[0].created, "the board was posted before the mover's answer"
                break
            message = next(m for m in reversed(private_replies(it)) if m.components)
        if commits >= 3 and answered_first >= 1:
            break
    assert commits >= 3
    assert answered_first >= 1, "no move answered its mover privately"


async def test_a_command_move_answers_with_a_link_to_the_game_thread(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    box = sandbox
    ana, bo = box.user("ana"), box.user("bo")
    game_id, thread = await open_game(box, "marrakech", ana, [bo])
    assert box.bot is not None
    played = await box.bot.host.snapshot(game_id)
    user = ana if played.user_of(played.to_move_player) == ana.id else bo
    turned = await settled(box.fake.slash(user, thread, "marrakech play", {"move": "straight"}))
    # a step inside the turn: answered privately with the board as it stands, nothing posted in the thread
    assert turned.message is not None and turned.message.content.startswith("Done:")
    assert any(m.files for m in [turned.message, *turned.followups]) and len(boards(box, thread)) == 1
    played = await box.bot.host.snapshot(game_id)
    move = played.engine.legal_moves(played.state)[0]
    counting = Counting(box, monkeypatch, "marrakech")
    before = len(boards(box, thread))
    it = await settled(box.fake.slash(user, thread, "marrakech play", {"move": move}))
    calls = counting.take()
    # the command finds its game (the thread's game, with its state): one read of it, of its seats, one parse
    assert calls["games_in_channel"] == 1 and calls["get_game"] == 0, calls
    assert calls["seats"] == 1 and calls["loads"] == 1, calls
    assert boards(box, thread)[before:], it.content
    answer_ = it.message
    assert answer_ is not None and answer_.ephemeral
    assert answer_.content.startswith("Done:"), answer_.content
    assert f"https://discord.com/channels/{box.guild.id}/{thread.id}" in answer_.content


class Trips:
    """Counts the bot's trips to SQLite's thread and its requests to Discord while installed."""

    def __init__(self, box: Sandbox, monkeypatch: pytest.MonkeyPatch) -> None:
        assert box.bot is not None
        connection = box.bot.store.db._db  # type: ignore[attr-defined]  # SQLite's: one aiosqlite connection
        original = connection._execute
        self.trips = 0
        self.log = box.fake.world.request_log
        self.seen = len(self.log)

        async def counted(fn: Any, *args: Any, **kwargs: Any) -> Any:
            self.trips += 1
            return await original(fn, *args, **kwargs)

        monkeypatch.setattr(connection, "_execute", counted)

    def take(self) -> tuple[int, list[str]]:
        taken = (self.trips, self.log[self.seen :])
        self.trips, self.seen = 0, len(self.log)
        return taken


async def test_a_move_costs_few_trips_to_the_database_and_few_requests(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A command's step inside its turn, and the step that ends the turn: each a handful of trips to SQLite's thread
    (a read is one, a move's whole write one) and one request to Discord for the answer, one more for the board."""
    import bot.ui.errors

    monkeypatch.setattr(bot.ui.errors, "DEFER_AFTER", 2.5)  # a slow machine still answers in one request
    box = Sandbox(tmp_path / "bazaar.db")
    await box.start()
    try:
        ana, bo = box.user("ana"), box.user("bo")
        game_id, thread = await open_game(box, "marrakech", ana, [bo])
        assert box.bot is not None
        played = await box.bot.host.snapshot(game_id)
        user = ana if played.user_of(played.to_move_player) == ana.id else bo
        await box.fake.idle()
        trips = Trips(box, monkeypatch)
        step = await settled(box.fake.slash(user, thread, "marrakech play", {"move": "straight"}))
        await box.fake.idle()
        # the thread's game with its state, its seats, whether the interaction was handled already, the whole write
        # (one trip, its commit too), the mover's image layout (the game's timing was read when it began, and a
        # game's timing never changes); one request: the answer
        counted, requests = trips.take()
        assert step.message is not None and step.message.files, "the step is answered privately with the board"
        assert counted == 5 and [r.split(" ")[0] for r in requests] == ["POST"], (counted, requests)
        assert "/callback" in requests[0], requests
        played = await box.bot.host.snapshot(game_id)
        move = played.engine.legal_moves(played.state)[0]
        trips.take()
        ended = await settled(box.fake.slash(user, thread, "marrakech play", {"move": move}))
        await box.fake.idle()
        # as above (no layout: no private board), the news kept since the last post, whether the next player wants a
        # DM, then the board's delivery: its claim, a newer board to fold it into, its delivered mark; two requests:
        # the answer and the board
        counted, requests = trips.take()
        assert ended.message is not None and ended.message.content.startswith("Done:"), ended.message
        assert counted == 9, counted
        assert len(requests) == 2 and "/callback" in requests[0] and "/messages" in requests[1], requests
    finally:
        await box.stop()


async def test_private_buttons_leave_no_view_or_timer_behind_and_still_work(sandbox: Sandbox) -> None:
    """A private reply's buttons are routed by their ids alone: the bot keeps no view for them. discord.py holds a
    view it sends privately for 15 minutes, with a task asleep for each, so a busy table would hold thousands; the
    bot sends its views stopped. Clicking the buttons of those replies still plays the steps."""
    import asyncio

    box = sandbox
    ana, bo = box.user("ana"), box.user("bo")
    _, thread = await open_game(box, "jambo", ana, [bo])
    clicked = 0
    for _ in range(6):
        board = boards(box, thread)[-1]
        user = to_move(box, board)
        assert user is not None
        hand = await settled(box.fake.slash(user, thread, "jambo hand"))
        message = next(m for m in reversed(hand.followups) if m.ephemeral and m.components)
        for _ in range(10):
            if not has_step(message):
                break
            it = await answer(box, user, message)
            clicked += 1
            assert not it.refused_answers and it.response_type is not None
            replies = [m for m in private_replies(it) if m.components]
            if not replies:
                break
            message = replies[-1]
        await box.settle()
        assert box.bot is not None
        store = box.bot._connection._view_store
        assert not store._synced_message_views and not any(store._views.values()), "the bot kept a view"
        asleep = [t for t in asyncio.all_tasks() if "timeout_task" in getattr(t.get_coro(), "__qualname__", "")]
        assert not asleep, f"{len(asleep)} views wait for a timeout"
        if clicked >= 4:
            break
    assert clicked >= 4, "too few private buttons were clicked"
