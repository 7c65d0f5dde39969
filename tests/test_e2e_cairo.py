"""Kairo end to end: the real bot against the fake Discord, driven through slash commands and buttons only.

The driver reads the prompt under each board, fills every option of a command from the bot's own
autocomplete choices, and answers the draw prompt with the buttons or the menu under the board.
Alongside, every public board image is checked against a render of the spectator's view, and every
public message against what only one player may know (their cards, their coins).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from e2e import PNG_MAGIC, boards, open_game, pixels, press_something, private_prompt, to_move

import engines
import render
from bot.core.host import apply_entry, replay_log
from bot.core.pictures import picture_words
from bot.core.schedule import BOARD_LAYOUT
from bot.core.wording import say_for
from bot.games.cairo.words import card_mark
from engines.cairo.board import get_board
from engines.cairo.data import load_cairo_data
from offline.fakediscord.state import Channel, Interaction, Message, User, walk_components
from offline.sandbox import Sandbox

CARDS = load_cairo_data().card_names
CARD_WORDS = "|".join(sorted(CARDS, key=len, reverse=True))
HAND_LEAK = re.compile(rf"\bhand\b[^.;\n]*\b({CARD_WORDS})\b")
COIN_LEAK = re.compile(r"\bcoins\s*:|\(value \d+\)", re.IGNORECASE)
PUBLIC_BUTTONS = re.compile(
    r"^(Join|Leave|Start|Draw from the deck|Take a charlatan|Take .+ \(face-up \d\)|Take face-up card \d.*)$"
)


# ---- the driver -----------------------------------------------------------------------------------
@dataclass
class Driver:
    """Plays a Kairo game to its end the way players would, with a seeded taste for building."""

    box: Sandbox
    thread: Channel
    game_id: int
    rng: random.Random
    hands_seen: list[str] = field(default_factory=list)
    private_seen: list[str] = field(default_factory=list)
    turns: int = 0
    pending: tuple[User, Message] | None = None
    """A step inside a turn answered privately: its mover and the private reply with their next choices."""

    @property
    def fake(self) -> Any:
        return self.box.fake

    async def choose(
        self, user: User, command: str, chosen: dict[str, str], option: str, typed: str = ""
    ) -> str | None:
        """Type ``typed`` into ``option`` and pick one of the bot's choices at random (None if it offers none)."""
        choices = await self.fake.autocomplete(
            user, self.thread, f"cairo {command}", {**chosen, option: typed}, focused=option
        )
        assert len(choices) <= 25
        if not choices and typed:
            return await self.choose(user, command, chosen, option)
        return self.rng.choice(choices)["value"] if choices else None

    async def fill(self, user: User, command: str, fields: tuple[str, ...]) -> dict[str, str] | None:
        """Every option of ``command`` filled from autocomplete, each narrowed by the ones before."""
        chosen: dict[str, str] = {}
        for name in fields:
            typed = self.rng.choice("abcdefghijklmn") if name == "square" and self.rng.random() < 0.5 else ""
            value = await self.choose(user, command, chosen, name, typed)
            if value is None:
                return None
            chosen[name] = value
        return chosen

    async def run(self, user: User, command: str, chosen: dict[str, Any] | None = None) -> Interaction:
        before = boards(self.box, self.thread)[-1].id
        it = await self.fake.slash(user, self.thread, f"cairo {command}", chosen or {})
        await it.done()
        self.went_on(user, it, before, f"/cairo {command} {chosen} was refused: {it.content}")
        self.private_seen += private_lines(it)
        return it

    def went_on(self, user: User, it: Interaction, before: int, why: str) -> None:
        """The decision passed (a new board in the thread), or a step inside the turn was answered privately with
        the mover's next choices (kept as ``pending``)."""
        self.pending = None
        if boards(self.box, self.thread)[-1].id != before:
            return
        prompt = private_prompt(it)
        assert prompt is not None, why
        self.pending = (user, prompt)

    async def try_commands(self, user: User, commands: list[tuple[str, tuple[str, ...]]]) -> bool:
        """Run the first of ``commands`` whose options can all be filled."""
        for command, fields in commands:
            chosen = await self.fill(user, command, fields)
            if chosen is not None:
                if command == "extend" and self.rng.random() < 0.5:
                    coins = await self.choose(user, "extend", chosen, "coins")
                    chosen = {**chosen, "coins": coins} if coins else chosen
                await self.run(user, command, chosen)
                return True
        return False

    def builds(self) -> list[tuple[str, tuple[str, ...]]]:
        found = [("build", ("stall", "square", "door", "pay")), ("extend", ("stall", "square", "pay"))]
        self.rng.shuffle(found)
        return [*found, ("move", ("stall", "square", "door", "pay"))]

    async def place(self, user: User) -> None:
        if not await self.try_commands(user, [("place", ("stall", "square", "door"))]):
            await self.run(user, "pass")

    async def play(self, user: User) -> None:
        actions = [*self.builds(), ("attract", ("customer", "entrance"))]
        if self.rng.random() < 0.2 or not await self.try_commands(user, actions):
            await self.draw(user)

    async def draw(self, user: User) -> None:
        first = await self.choose(user, "draw", {}, "first")
        assert first is not None, "a draw is always possible in the main stage"
        if self.rng.random() < 0.5:
            await self.run(user, "draw", {"first": first})  # the second pick comes from the board
            return
        second = await self.choose(user, "draw", {"first": first}, "second")
        await self.run(user, "draw", {"first": first, **({"second": second} if second else {})})

    async def keep(self, user: User) -> None:
        cards = await self.choose(user, "keep", {}, "cards")
        assert cards is not None
        await self.run(user, "keep", {"cards": cards})

    async def final(self, user: User) -> None:
        if self.rng.random() < 0.15 or not await self.try_commands(user, self.builds()):
            await self.run(user, "pass")

    async def second_pick(self, user: User, board: Message) -> None:
        """The second card of a draw, from the buttons or the menu under the board."""
        ids = board.button_ids
        before = boards(self.box, self.thread)[-1].id
        if ids:
            it = await self.fake.click(user, board, self.rng.choice(ids))
        else:
            menu = next(c for c in walk_components(board.components) if c.get("type") == 3)
            it = await self.fake.select(user, board, menu["custom_id"], [self.rng.choice(menu["options"])["value"]])
        await it.done()
        self.went_on(user, it, before, it.content)
        self.private_seen += private_lines(it)

    async def look_at_hand(self, user: User) -> None:
        """``/cairo hand``: only its owner sees it, and it is their hand."""
        it = await self.fake.slash(user, self.thread, "cairo hand")
        await it.done()
        assert it.ephemeral and it.user_id == user.id and it.message.ephemeral
        played = await self.box.bot.host.snapshot(self.game_id)
        seat = played.seat_of(user.id)
        layout = await self.box.bot.schedule.image_layout(user.id)  # phone, unless the player chose another
        assert it.files[0][1] == render.render_private(
            played.view(seat), layout=layout, words=picture_words("cairo", "en")
        )
        assert all(card_mark(card, say_for("cairo", ())) in it.content for card in played.state.hands[seat])
        self.hands_seen.append(it.content)

    async def turn(self, board: Message, mover: User | None = None) -> None:
        """Answer ``board`` (or, with ``mover``, that player's own private reply inside their turn)."""
        user = mover or to_move(self.box, board)
        assert user is not None and (mover is not None or f"<@{user.id}>" in board.content)
        text = board.content
        self.turns += 1
        if self.turns % 7 == 0:
            await self.look_at_hand(user)
        if "place one of your main stalls" in text or "place the neutral" in text:
            await self.place(user)
        elif "take your second card" in text:
            await self.second_pick(user, board)
        elif "choose the 4 to keep" in text:
            await self.keep(user)
        elif "final stage:" in text:
            await self.final(user)
        else:
            assert "draw 2 cards" in text, text
            await self.play(user)

    async def play_to_the_end(self, restart_at: int | None = None) -> Message:
        """Answer every prompt until the final scores; every third board image is checked (they cost a render)."""
        for turn in range(600):
            board = boards(self.box, self.thread)[-1]
            over = "Game over" in board.content
            if over or (turn % 3 == 0 and self.pending is None):  # mid-turn, the thread's board is the turn's start
                await assert_board_is_public(self.box, self.game_id, board)
            if over:
                return board
            if turn == restart_at:
                await self.box.restart_bot()
            if self.pending is not None:
                mover, prompt = self.pending
                await self.turn(prompt, mover)
            else:
                await self.turn(board)
            moved = boards(self.box, self.thread)[-1].id != board.id or self.pending is not None
            assert moved, "every move posts a new board or answers its mover privately"
        raise AssertionError("the game did not end")


# ---- what may be public ----------------------------------------------------------------------------
async def current(box: Sandbox, game_id: int) -> tuple[Any, list[str]]:
    played = await box.bot.host.snapshot(game_id)
    return played.state, played.names


def seat_of(box: Sandbox, names: list[str], user: User) -> int:
    return [name.lower() for name in names].index(user.name)


def private_lines(it: Interaction) -> list[str]:
    """The private replies to an interaction (what only its user may read)."""
    found: dict[int, str] = {}
    for m in [it.message, *it.followups]:
        if m is not None and m.ephemeral and m.content:
            found[m.id] = m.content
    return list(found.values())


async def assert_board_is_public(box: Sandbox, game_id: int, board: Message) -> None:
    """The latest board image is exactly the spectator's view of the game as it stands."""
    played = await box.bot.host.snapshot(game_id)
    (_, png), *_ = board.files
    assert png.startswith(PNG_MAGIC) and pixels(png) == pixels(
        render.render_board(played.view(None), layout=BOARD_LAYOUT, words=picture_words("cairo", "en"))
    )


def private_sentences(box_log: list[Any], names: list[str], num_players: int, options: dict) -> list[str]:
    """Every phrase some seat may read that differs from the public one (cards dealt, cards kept)."""
    engine = engines.get("cairo")
    say = say_for("cairo", tuple(names))
    state = engine.new_game(num_players, options)
    found = []
    for row in box_log:
        step = apply_entry(engine, state, row)
        public = set(say.parts(step.events, None))
        for seat in range(num_players):
            found += [part for part in say.parts(step.events, seat) if part not in public]
        state = step.state
    return found


def leaks(text: str, secrets: list[str]) -> list[str]:
    """What in ``text`` only one player may know: a private sentence, a hand or coin listing."""
    found = [secret for secret in secrets if secret and secret in text]
    found += [m.group(0) for m in HAND_LEAK.finditer(text)]
    found += [m.group(0) for m in COIN_LEAK.finditer(text)]
    return found


def public_labels(message: Message) -> list[str]:
    labels = []
    for component in walk_components(message.components):
        labels.append(component.get("label", ""))
        labels += [option["label"] for option in component.get("options", [])]
    return [label for label in labels if label]


async def assert_nothing_private_is_public(box: Sandbox, driver: Driver, num_players: int, options: dict) -> None:
    store = box.bot.host.store
    _, names = await current(box, driver.game_id)
    secrets = private_sentences(await store.moves(driver.game_id), names, num_players, options)
    secrets += driver.hands_seen
    assert secrets and driver.hands_seen, "the game dealt hidden cards and players looked at their hands"
    # The check catches a real leak: a private line the bot sent to its owner, pasted in public.
    assert any(leaks(line, secrets) for line in driver.private_seen)
    public = box.fake.messages(driver.thread) + box.fake.messages(box.channel)
    for message in public:
        assert not leaks(message.content, secrets), message.content
        assert all(PUBLIC_BUTTONS.match(label) for label in public_labels(message)), public_labels(message)


async def assert_finished_and_replayable(box: Sandbox, game_id: int, players: int) -> None:
    store = box.bot.host.store
    record = await store.get_game(game_id)
    assert record.status == "finished"
    rebuilt = replay_log(record, players, await store.moves(game_id))
    assert engines.get("cairo").dumps(rebuilt) == record.state


# ---- full games --------------------------------------------------------------------------------------
@pytest.mark.slow
async def test_a_full_two_player_game_with_neutral_stalls_survives_a_restart(sandbox: Sandbox) -> None:
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "cairo", ana, [ben])
    driver = Driver(sandbox, thread, game_id, random.Random(5))
    final = await driver.play_to_the_end(restart_at=9)

    assert "Final scores" in final.content and "Winner" in final.content
    assert all(name in final.content for name in ("Ana", "Ben"))
    placed = [m.content for m in sandbox.fake.messages(thread) if "places the neutral" in m.content]
    assert len(placed) == 6, "all six neutral stalls are drawn and placed"
    await assert_finished_and_replayable(sandbox, game_id, 2)
    await assert_nothing_private_is_public(sandbox, driver, 2, {"start": "variable"})


@pytest.mark.slow
async def test_a_full_four_player_game_from_the_preset_start(sandbox: Sandbox) -> None:
    players = [sandbox.user(name) for name in ("ana", "ben", "cy", "dee")]
    game_id, thread = await open_game(sandbox, "cairo", players[0], players[1:], {"start": "preset"})
    first = boards(sandbox, thread)[0]
    assert "draw 2 cards" in first.content, "the preset start goes straight to the first turn"
    driver = Driver(sandbox, thread, game_id, random.Random(8))
    final = await driver.play_to_the_end()

    assert all(name in final.content for name in ("Ana", "Ben", "Cy", "Dee"))
    await assert_finished_and_replayable(sandbox, game_id, 4)
    await assert_nothing_private_is_public(sandbox, driver, 4, {"start": "preset"})


@pytest.mark.slow
async def test_a_full_three_player_game_from_the_variable_start(sandbox: Sandbox) -> None:
    players = [sandbox.user(name) for name in ("ana", "ben", "cy")]
    game_id, thread = await open_game(sandbox, "cairo", players[0], players[1:])
    driver = Driver(sandbox, thread, game_id, random.Random(3))
    final = await driver.play_to_the_end()

    assert "Final scores" in final.content and all(name in final.content for name in ("Ana", "Ben", "Cy"))
    assert not any("neutral" in m.content for m in sandbox.fake.messages(thread)), "neutral stalls are for 2 only"
    await assert_finished_and_replayable(sandbox, game_id, 3)


# ---- autocomplete, hidden information, refusals, restarts ---------------------------------------------
async def complete(box: Sandbox, user: User, thread: Channel, command: str, chosen: dict, option: str) -> list[dict]:
    return await box.fake.autocomplete(user, thread, f"cairo {command}", chosen, focused=option)


async def test_square_choices_narrow_by_stall_and_typed_prefix(sandbox: Sandbox) -> None:
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    _, thread = await open_game(sandbox, "cairo", ana, [ben])
    board = boards(sandbox, thread)[-1]
    mover = to_move(sandbox, board)
    other = ben if mover is ana else ana

    everything = await complete(sandbox, mover, thread, "place", {"square": ""}, "square")
    assert len(everything) == 25 and all(" sector" in c["name"] for c in everything)
    column_c = await complete(sandbox, mover, thread, "place", {"stall": "red", "square": "c"}, "square")
    assert column_c and all(c["value"].startswith("c") for c in column_c)
    assert all(c["name"].startswith(c["value"] + " · ") for c in column_c)
    row_c1 = await complete(sandbox, mover, thread, "place", {"stall": "red", "square": "c1"}, "square")
    assert {c["value"] for c in row_c1} <= {"c1", "c10", "c11", "c12"} and row_c1
    by_sector = await complete(sandbox, mover, thread, "place", {"stall": "red", "square": "south-east"}, "square")
    assert by_sector and all("South-east sector" in c["name"] for c in by_sector)
    taverns = await complete(sandbox, mover, thread, "place", {"stall": "purple", "square": ""}, "square")
    assert all(c["value"][0] in "an" or c["value"].endswith("13") for c in taverns)
    doors = await complete(sandbox, mover, thread, "place", {"stall": "red", "square": "c3", "door": ""}, "door")
    assert {c["value"] for c in doors} <= {"c2", "c4", "b3", "d3"} and doors
    assert all("of the stall at c3" in c["name"] for c in doors)
    only_purple = await complete(sandbox, mover, thread, "place", {"stall": "", "square": "a5"}, "stall")
    assert [c["value"] for c in only_purple] == ["purple"]
    assert await complete(sandbox, other, thread, "place", {"stall": ""}, "stall") == [], "only the mover is offered"
    sandbox.user(mover.name, locale="es-ES")
    spanish = await complete(sandbox, mover, thread, "place", {"stall": "red", "square": "c3"}, "square")
    assert spanish and all("sector Noroeste" in c["name"] and "entrada" in c["name"] for c in spanish), spanish
    stalls = await complete(sandbox, mover, thread, "place", {"stall": ""}, "stall")
    assert any("Puesto principal rojo" in c["name"] for c in stalls), stalls


async def test_hand_reaches_only_its_owner_and_deck_draws_stay_private(sandbox: Sandbox) -> None:
    fake = sandbox.fake
    ana, ben, eve = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("eve")
    game_id, thread = await open_game(sandbox, "cairo", ana, [ben], {"start": "preset"})
    mover = to_move(sandbox, boards(sandbox, thread)[-1])
    drawn = await fake.slash(mover, thread, "cairo draw", {"first": "deck", "second": "deck"})
    await drawn.done()
    private = private_lines(drawn)
    assert len(private) == 1 and private[0].startswith("Done: ")
    assert f"{mover.name.capitalize()} draws the " in private[0]
    # five cards: the mover keeps four, still inside their turn (answered privately); then the turn's post
    assert len(boards(sandbox, thread)) == 1
    prompt = private_prompt(drawn)
    assert prompt is not None
    await (await press_something(sandbox, prompt, random.Random(1), mover)).done()
    public_board = boards(sandbox, thread)[-1]
    assert "draws a card from the deck (×2)" in public_board.content

    played = await sandbox.bot.host.snapshot(game_id)
    texts = {}
    for user in (ana, ben):
        it = await fake.slash(user, sandbox.channel, "cairo hand", {"game": game_id})
        await it.done()
        seat = played.seat_of(user.id)
        assert it.ephemeral and it.message.ephemeral and it.user_id == user.id
        layout = await sandbox.bot.schedule.image_layout(user.id)  # phone, unless the player chose another
        assert it.files[0][1] == render.render_private(
            played.view(seat), layout=layout, words=picture_words("cairo", "en")
        )
        marks = [card_mark(card, say_for("cairo", ())) for card in played.state.hands[seat]]
        assert it.content.startswith(f"Your hand: {', '.join(marks)}.")
        texts[user.name] = it.content
    assert texts["ana"] != texts["ben"]
    it = await fake.slash(eve, thread, "cairo hand")
    await it.done()
    assert it.ephemeral and "Only the players" in it.content and not it.files

    drawn_cards = private[0].split("\n")[0].removeprefix("Done: ").rstrip(".").split("; ")
    secrets = [*texts.values(), *(line.rstrip(".") for line in drawn_cards)]
    for message in fake.messages(thread) + fake.messages(sandbox.channel):
        assert not leaks(message.content, secrets), message.content


async def refused(box: Sandbox, game_id: int, user: User, thread: Channel, command: str, chosen: dict) -> str:
    """Run a command that must be refused: an ephemeral answer, and the game unchanged."""
    store = box.bot.host.store
    before = await store.get_game(game_id)
    it = await box.fake.slash(user, thread, f"cairo {command}", chosen)
    await it.done()
    after = await store.get_game(game_id)
    assert it.ephemeral, f"/cairo {command} {chosen} should be refused: {it.content}"
    assert (after.version, after.state) == (before.version, before.state)
    return it.content


def touching_site(state: Any, placed: Any) -> tuple[str, str]:
    """A free souk square next to ``placed`` (not its entrance), and an entrance for a stall there."""
    board = get_board()
    taken = {placed.square, placed.door}
    for index in board.neighbours[board.index[placed.square]]:
        square = board.squares[index]
        if square.kind == "souk" and square.name not in taken:
            door = next(board.name(d) for d in board.neighbours[index] if board.name(d) not in taken)
            return square.name, door
    raise AssertionError("no free square next to the first stall")


async def test_refusals_name_the_rule_and_change_nothing(sandbox: Sandbox) -> None:
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "cairo", ana, [ben])
    first = to_move(sandbox, boards(sandbox, thread)[-1])
    second = ben if first is ana else ana
    chosen = {"stall": "red"}
    for option in ("square", "door"):
        chosen[option] = (await complete(sandbox, first, thread, "place", {**chosen, option: ""}, option))[0]["value"]
    await (await sandbox.fake.slash(first, thread, "cairo place", chosen)).done()
    state, _ = await current(sandbox, game_id)
    square, door = touching_site(state, state.stalls[0])

    text = await refused(sandbox, game_id, second, thread, "place", {"stall": "blue", "square": square, "door": door})
    assert (
        "may not touch another stall" in text
        and f"{first.name.capitalize()}'s red main stall at {state.stalls[0].square}" in text
    )
    text = await refused(sandbox, game_id, first, thread, "place", {"stall": "blue", "square": "j9", "door": "j10"})
    assert "not your turn" in text and second.name.capitalize() in text
    text = await refused(sandbox, game_id, second, thread, "place", {"stall": "blue", "square": "zz9", "door": "j10"})
    assert "no square `zz9`" in text
    text = await refused(sandbox, game_id, second, thread, "place", {"stall": "teal", "square": "j9", "door": "j10"})
    assert "no colour `teal`" in text and "red, yellow" in text
    text = await refused(sandbox, game_id, second, thread, "status", {"game": 999})
    assert "no game #999" in text
    text = await refused(sandbox, game_id, second, thread, "draw", {"first": "deck"})
    assert "At the start each merchant places a main stall" in text


async def test_a_build_paid_with_a_card_of_another_sector_is_refused_with_the_rule(sandbox: Sandbox) -> None:
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "cairo", ana, [ben], {"start": "preset"})
    mover = to_move(sandbox, boards(sandbox, thread)[-1])
    state, names = await current(sandbox, game_id)
    data = load_cairo_data()
    held = next(card for card in state.hands[seat_of(sandbox, names, mover)] if not data.is_wild(card))
    chosen: dict[str, str] = {}
    for option in ("stall", "square", "door"):
        choices = await complete(sandbox, mover, thread, "build", {**chosen, option: ""}, option)
        elsewhere = [c for c in choices if option != "square" or data.sectors[held].label not in c["name"]]
        chosen[option] = elsewhere[0]["value"]

    text = await refused(sandbox, game_id, mover, thread, "build", {**chosen, "pay": held})
    assert f"({held}): a standard card builds only in its own sector" in text
    text = await refused(sandbox, game_id, mover, thread, "build", {**chosen, "pay": "card zz"})
    assert "no card `zz`" in text


async def test_draw_buttons_survive_a_restart_and_go_stale_after_use(sandbox: Sandbox) -> None:
    fake = sandbox.fake
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "cairo", ana, [ben], {"start": "preset"})
    mover = to_move(sandbox, boards(sandbox, thread)[-1])
    drew = await fake.slash(mover, thread, "cairo draw", {"first": "charlatan"})
    await drew.done()
    board = private_prompt(drew)  # the second card: inside the turn, offered in the mover's own reply
    assert board is not None and "take your second card" in board.content
    labels = public_labels(board)
    assert "Draw from the deck" in labels and "Take a charlatan" in labels
    menu = next(c for c in walk_components(board.components) if c.get("type") == 3)

    await sandbox.restart_bot()  # (only the mover sees this reply: nobody else can use its menu)
    it = await fake.select(mover, board, menu["custom_id"], ["take charlatan"])
    await it.done()
    assert not it.ephemeral, it.content
    after = boards(sandbox, thread)[-1]
    assert after.id != board.id and "takes a charlatan card" in after.content
    it = await fake.select(mover, board, menu["custom_id"], ["take deck"])
    await it.done()
    assert it.ephemeral and "out of date" in it.content
    state, names = await current(sandbox, game_id)
    assert state.charlatans[seat_of(sandbox, names, mover)] == 2
