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
