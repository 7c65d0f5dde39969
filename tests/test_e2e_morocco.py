"""Morocco end to end: the real bot against the fake Discord, through slash commands and buttons only.

A driver reads each board's ping, then answers as a player would: the buttons or the menu under the
board when there are some (rooftop spaces, the wild die, rewards, arrows, tourists, cubes to keep),
else the command for the decision, every option filled from the bot's own autocomplete.
"""

from __future__ import annotations

import random

import pytest
from e2e import PNG_MAGIC, boards, menu, open_game, press_something, private_prompt, settled, to_move

import engines
from bot.core.host import replay_log
from offline.fakediscord.state import Channel, Interaction, Message, User
from offline.sandbox import Sandbox

NAMES = ("ana", "ben", "cy", "dee", "eve")


async def complete(box: Sandbox, user: User, thread: Channel, command: str, chosen: dict, option: str) -> list[dict]:
    return await box.fake.autocomplete(user, thread, f"morocco {command}", chosen, focused=option)


async def place_worker(box: Sandbox, user: User, thread: Channel, rng: random.Random) -> Interaction | None:
    """``/morocco worker`` with every option from autocomplete (its answer: the mover's next choices when their
    turn goes on, e.g. a reward); None when no worker can be placed."""
    kinds = ["assistant", "bodyguard", "tourist", "cousin"]
    rng.shuffle(kinds)
    for kind in kinds:
        chosen: dict = {"kind": kind}
        for option in ("stall", "space", "then", "cube"):
            choices = await complete(box, user, thread, "worker", {**chosen, option: ""}, option)
            if not choices:
                if option in ("stall", "space"):
                    break
                continue
            chosen[option] = rng.choice(choices)["value"]
        else:
            it = await settled(box.fake.slash(user, thread, "morocco worker", chosen))
            assert "Done" in it.content, (chosen, it.content)
            return it
    return None


async def answer(
    box: Sandbox, thread: Channel, board: Message, rng: random.Random, fresh: bool = True, mine: Message | None = None
) -> Interaction | None:
    """The pinged player answers the board (``fresh`` False: they go on with their own turn, so the board's buttons
    are out of date: they answer from ``mine``, their own private reply's choices, if it has any, else with
    commands)."""
    user = to_move(box, board)
    assert user is not None and f"<@{user.id}>" in board.content
    if not fresh and mine is not None:
        it = await press_something(box, mine, rng, user)
    elif fresh and board.button_ids:
        it = await box.fake.click(user, board, rng.choice(board.button_ids))
    elif fresh and (choices := menu(board)) is not None:
        it = await box.fake.select(user, board, choices["custom_id"], [rng.choice(choices["options"])["value"]])
    else:
        for command, option in (("gold", "swap"), ("scout", "space")):
            offered = await complete(box, user, thread, command, {option: ""}, option)
            if offered and (command == "scout" or rng.random() < 0.15):
                it = await box.fake.slash(user, thread, f"morocco {command}", {option: rng.choice(offered)["value"]})
                break
        else:
            placed = await place_worker(box, user, thread, rng)
            if placed is not None:
                return placed
            it = await box.fake.slash(user, thread, "morocco pass")
    await it.done()
    return it


async def play_to_the_end(box: Sandbox, thread: Channel, rng: random.Random) -> Message:
    fresh, mine = True, None
    for _ in range(2000):
        board = boards(box, thread)[-1]
        (_, png), *_ = board.files
        assert png.startswith(PNG_MAGIC) and len(png) < 300_000
        if "Game over" in board.content:
            return board
        it = await answer(box, thread, board, rng, fresh, mine)
        fresh = boards(box, thread)[-1].id != board.id  # else a step inside the turn: answered privately
        mine = None if fresh or it is None else private_prompt(it)
    raise AssertionError("the game did not end")


async def rolls_and_rounds(box: Sandbox, game_id: int) -> tuple[int, int]:
    """How often the market die was rolled, and how many rounds were begun (each player scouts once a round)."""
    log = [r for r in await box.bot.host.store.moves(game_id) if not r.undone]
    players = len(await box.bot.host.store.seats(game_id))
    rolls = sum(1 for r in log if r.kind == "chance" and r.move.startswith("roll"))
    scouts = sum(1 for r in log if r.kind == "move" and r.move.startswith("scout"))
    return rolls, -(-scouts // players)


async def finished(box: Sandbox, game_id: int, players: int) -> None:
    store = box.bot.host.store
    record = await store.get_game(game_id)
    assert record.status == "finished"
    rebuilt = replay_log(record, players, await store.moves(game_id))
    assert engines.get("morocco").dumps(rebuilt) == record.state
    await box.settle()  # the animated replay after the final board is drawn in the background
    assert not await store.pending_deliveries()


@pytest.mark.slow
async def test_a_full_two_player_game_rolls_the_die_twice_a_round(sandbox: Sandbox) -> None:
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "morocco", ana, [ben])
    final = await play_to_the_end(sandbox, thread, random.Random(2))
    assert "Final scores" in final.content and "Ana" in final.content and "Ben" in final.content
    rolls, rounds = await rolls_and_rounds(sandbox, game_id)
    assert rounds >= 2 and rolls == 2 * rounds, "two players roll the market die once each per round"
    await finished(sandbox, game_id, 2)


@pytest.mark.slow
@pytest.mark.parametrize("count", [3, 4, 5])
async def test_a_full_game_of_three_four_and_five_players(sandbox: Sandbox, count: int) -> None:
    players = [sandbox.user(name) for name in NAMES[:count]]
    game_id, thread = await open_game(sandbox, "morocco", players[0], players[1:])
    final = await play_to_the_end(sandbox, thread, random.Random(count))
    assert all(name.capitalize() in final.content for name in NAMES[:count])
    rolls, rounds = await rolls_and_rounds(sandbox, game_id)
    if count >= 4:
        assert not rolls, "with 4–5 players the market die is not rolled"
    else:
        assert rolls == rounds, "with 3 players the first player rolls once a round"
    await finished(sandbox, game_id, count)


async def worker_turn_with_a_closed_stall(box: Sandbox, game_id: int, thread: Channel, rng: random.Random) -> str:
    """Play on until a worker turn comes with a stall already closed; that stall."""
    for _ in range(1500):
        played = await box.bot.host.snapshot(game_id)
        view = played.view(None)
        closed = [s["stall"] for s in view.details["stalls"] if not s["open"]]
        if closed and view.decision is not None and view.decision.code == "workers":
            return closed[0]
        assert played.to_move is not None, "the game ended before a stall closed"
        await answer(box, thread, boards(box, thread)[-1], rng)
    raise AssertionError("no stall closed")


@pytest.mark.slow
async def test_refusals_wrong_player_unaffordable_worker_and_a_full_stall(sandbox: Sandbox) -> None:
    ana, ben, cy = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("cy")
    game_id, thread = await open_game(sandbox, "morocco", ana, [ben, cy])
    store = sandbox.bot.host.store
    closed = await worker_turn_with_a_closed_stall(sandbox, game_id, thread, random.Random(7))
    mover = to_move(sandbox, boards(sandbox, thread)[-1])
    other = ben if mover is ana else ana
    assert mover is not None
    before = await store.get_game(game_id)

    async def refused(user: User, command: str, options: dict) -> str:
        it = await settled(sandbox.fake.slash(user, thread, f"morocco {command}", options))
        after = await store.get_game(game_id)
        assert it.ephemeral and (after.version, after.state) == (before.version, before.state), it.content
        assert 0 < len(it.content) < 400
        return it.content

    text = await refused(other, "pass", {})
    assert "not your turn" in text and mover.name.capitalize() in text

    played = await sandbox.bot.host.snapshot(game_id)
    details = played.view(None).details
    cubes = details["players"][played.seat_of(mover.id)]["cubes"]
    stall, corner = next(
        (s["stall"], free)
        for s in details["stalls"]
        if s["open"] and any(cubes.get(colour, 0) == 0 for colour in s["cost"])
        for free in ("nw", "ne", "sw", "se")
        if free not in {w["corner"] for w in s["workers"]}
    )
    text = await refused(mover, "worker", {"kind": "assistant", "stall": stall, "space": corner})
    assert stall in text and "cube" in text, text

    text = await refused(mover, "worker", {"kind": "assistant", "stall": closed, "space": "nw"})
    assert closed in text and ("closed" in text or "full" in text), text
    text = await refused(mover, "worker", {"kind": "tourist", "stall": stall, "space": corner})
    assert "`/morocco worker cube:`" in text and "like `tourist" not in text, "the option to use, not notation"
    text = await refused(mover, "worker", {"kind": "cousin", "stall": stall, "space": corner})
    assert "`/morocco worker then:`" in text and "`/morocco worker cube:`" in text, text
    sandbox.user(mover.name, locale="es-ES")
    text = await refused(mover, "worker", {"kind": "tourist", "stall": stall, "space": corner})
    assert "`/morocco trabajador cubo:`" in text and "tercer cubo" in text, text
    text = await refused(other, "worker", {"kind": "tourist", "stall": stall, "space": corner})
    assert "cubo" not in text, "someone not to move is told so, not about the cube"
