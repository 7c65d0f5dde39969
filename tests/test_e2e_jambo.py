"""Jambo end to end: the real bot against the fake Discord, by slash commands and buttons only.

Every Jambo choice is private, so the driver plays as people would: the pinged player asks for
``/jambo hand`` and answers with the buttons or the menu of that private reply (bids: the menu under
the public board), one step after another until the board moves on. Both players first set standing
orders so that a Guard and a Rain Maker are asked about. Whole games are played until a Guard has
answered an animal, a Rain Maker has taken a ware card, an auction has seen several bids, the Ape and
the Elephant have been drafted and a last turn was played — and nothing a player holds ever appears
in a public message or a public image.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from e2e import PNG_MAGIC, boards, menu, open_game, settled, to_move

import engines
import render
from bot.core.host import apply_entry, replay_log
from bot.core.wording import say_for
from bot.fakediscord.state import Channel, Interaction, Message, User, walk_components
from bot.local import Sandbox

pytestmark = pytest.mark.slow
WANTED = {"guarded", "rain_maker", "bid", "card_picked", "ware_picked", "last_turn"}


def controls(message: Message) -> tuple[list[str], dict | None]:
    """A message's step buttons (Cancel left out) and its menu."""
    ids = [c for c in message.button_ids if not c.startswith("bz:drx:")]
    return ids, next((c for c in walk_components(message.components) if c.get("type") == 3), None)


def preferred(rng: random.Random, labels: list[tuple[str, str]]) -> str:
    """A choice among (label, value): a reaction or a bid when offered, else at random."""
    for wanted in ("react", "Guard", "Rain Maker", "bid"):
        found = [value for label, value in labels if wanted.lower() in label.lower() or wanted in value]
        if found and rng.random() < 0.8:
            return rng.choice(found)
    return rng.choice(labels)[1]


async def step(box: Sandbox, user: User, message: Message, rng: random.Random) -> Interaction:
    ids, choices = controls(message)
    if choices is not None:
        options = [(o["label"], o["value"]) for o in choices["options"]]
        return await box.fake.select(user, message, choices["custom_id"], [preferred(rng, options)])
    buttons = [c for c in walk_components(message.components) if c.get("custom_id") in ids]
    labels = [(str(c.get("label")), str(c["custom_id"])) for c in buttons]
    return await box.fake.click(user, message, preferred(rng, labels))


async def take_turn(box: Sandbox, thread: Channel, rng: random.Random, secrets: set[str]) -> None:
    """The pinged player answers: the public menu for a bid, else the private reply of /jambo hand."""
    board = boards(box, thread)[-1]
    user = to_move(box, board)
    assert user is not None and f"<@{user.id}>" in board.content
    if board.button_ids or menu(board) is not None:
        it = await step(box, user, board, rng)
        await it.done()
        return
    hand = await settled(box.fake.slash(user, thread, "jambo hand"))
    assert hand.ephemeral and hand.files and hand.files[0][1].startswith(PNG_MAGIC)
    message = next(m for m in reversed(hand.followups) if m.ephemeral and m.components)
    for _ in range(20):
        before = len(boards(box, thread))
        it = await step(box, user, message, rng)
        await it.done()
        secrets.update(m.content for m in [it.message, *it.followups] if m is not None and m.ephemeral)
        if len(boards(box, thread)) > before:
            return
        message = next(m for m in reversed(it.followups) if m.ephemeral and m.components)
    raise AssertionError("a decision did not end")


async def events_of(box: Sandbox, game_id: int) -> Counter[str]:
    played = await box.bot.host.snapshot(game_id)
    engine = played.engine
    state = engine.new_game(len(played.seats), played.game.options)
    seen: Counter[str] = Counter()
    for row in await box.bot.host.store.moves(game_id):
        step_ = apply_entry(engine, state, row)
        seen.update(event.code for event in step_.events)
        state = step_.state
    return seen


async def play_one_game(box: Sandbox, seed: int) -> tuple[int, Channel, Counter[str], set[str]]:
    ana, ben = box.user("ana"), box.user("ben")
    game_id, thread = await open_game(box, "jambo", ana, [ben])
    for user in (ana, ben):
        it = await settled(box.fake.slash(user, thread, "jambo orders", {"guard": "ask", "rain_maker": "ask"}))
        assert it.ephemeral and "standing orders" in it.content
    rng = random.Random(seed)
    secrets: set[str] = set()
    for _ in range(2500):
        board = boards(box, thread)[-1]
        if "Game over" in board.content:
            break
        await take_turn(box, thread, rng, secrets)
        assert boards(box, thread)[-1].id != board.id
    else:
        raise AssertionError("the game did not end")
    return game_id, thread, await events_of(box, game_id), secrets


async def test_full_games_with_reactions_auctions_drafts_and_the_last_turn(sandbox: Sandbox) -> None:
    seen: Counter[str] = Counter()
    for seed in range(6):
        game_id, thread, events, secrets = await play_one_game(sandbox, seed)
        seen.update(events)
        final = boards(sandbox, thread)[-1]
        assert "Final scores" in final.content and "Ana" in final.content and "Ben" in final.content
        store = sandbox.bot.host.store
        record = await store.get_game(game_id)
        assert engines.get("jambo").dumps(replay_log(record, 2, await store.moves(game_id))) == record.state
        played = await sandbox.bot.host.snapshot(game_id)
        (_, png), *_ = final.files
        assert png == render.render_board(played.view(None)), "the public image is the spectator's view"
        public = sandbox.fake.messages(thread)
        private_only = {
            line for text in secrets for line in text.splitlines() if "draws the " in line or "drew" in line
        }
        for message in public:
            assert not any(line in message.content for line in private_only if len(line) > 20), message.content
        if set(seen) >= WANTED and seen["bid"] >= 2:
            break
    missing = WANTED - set(seen)
    assert not missing, f"never happened in {seed + 1} games: {missing}"


async def test_an_opponent_is_pinged_for_a_decision_that_is_theirs(sandbox: Sandbox) -> None:
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "jambo", ana, [ben])
    rng = random.Random(11)
    secrets: set[str] = set()
    say = say_for("jambo", ("Ana", "Ben"))
    for _ in range(2500):
        board = boards(sandbox, thread)[-1]
        played = await sandbox.bot.host.snapshot(game_id)
        view = played.view(None)
        active = view.details.get("active_seat", view.details.get("turn_seat"))
        if view.decision is not None and active is not None and view.decision.seat != active:
            user = to_move(sandbox, board)
            assert user is not None and user.id == played.user_of(view.decision.seat)
            assert say.decision(view.decision).split(":")[0].lower() in board.content.lower()
            return
        if "Game over" in board.content:
            break
        await take_turn(sandbox, thread, rng, secrets)
    pytest.fail("no decision of the other player came up")
