"""Jambo end to end: the real bot against the fake Discord, by slash commands and buttons only.

Every Jambo choice is private, so the driver plays as people would: the pinged player asks for
``/jambo hand`` and answers with the buttons or the menu of that private reply (bids: the menu under
the public board), one step after another until the board moves on. Both players first set standing
orders so that a Guard and a Rain Maker are asked about. Whole games are played until a Guard has
answered an animal, a Rain Maker has taken a ware card, one auction has seen several bids, both players
have picked in an Ape draft and in an Elephant draft and a last turn was played — and no public message
(text, embeds, button and menu labels) ever names a card that is, at that moment, only in a hand.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest
from e2e import PNG_MAGIC, boards, menu, open_game, pixels, private_prompt, settled, to_move

import engines
import render
from bot.core.host import apply_entry, replay_log
from bot.core.pictures import picture_words
from bot.core.schedule import BOARD_LAYOUT
from bot.core.wording import say_for
from bot.games.jambo.words import card_words
from engines.base import Event, events_seen_by
from engines.jambo.cards import COUNT, NAMES, PEOPLE
from offline.fakediscord.state import Channel, Interaction, Message, User, walk_components
from offline.sandbox import Sandbox


def card_title(name: str) -> str:
    """A card's English title, as the messages and pictures name it ("Leopard Statue", "2 Tea + Silk")."""
    return card_words(name, say_for("jambo", (), "en"))


pytestmark = pytest.mark.slow
WANTED = {"guarded", "rain_maker", "bids_in_one_auction", "ape_draft", "elephant_draft", "last_turn"}


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
        message = board
    else:
        hand = await settled(box.fake.slash(user, thread, "jambo hand"))
        assert hand.ephemeral and hand.files and hand.files[0][1].startswith(PNG_MAGIC)
        message = next(m for m in reversed(hand.followups) if m.ephemeral and m.components)
    for _ in range(200):  # every step of the turn, answered privately, until the turn passes and its board is posted
        before = len(boards(box, thread))
        it = await step(box, user, message, rng)
        await it.done()
        secrets.update(m.content for m in [it.message, *it.followups] if m is not None and m.ephemeral)
        if len(boards(box, thread)) > before:
            return
        prompt = private_prompt(it)
        assert prompt is not None, f"{user}: no new board and no private choices: {it.content!r}"
        message = prompt
    raise AssertionError("a decision did not end")


async def events_of(box: Sandbox, game_id: int) -> Counter[str]:
    """The codes of the game's events, and what they add up to: ``bids_in_one_auction`` (2+ bids before
    an auction was won), ``ape_draft`` / ``elephant_draft`` (both players picked from that animal's pool)."""
    played = await box.bot.host.snapshot(game_id)
    engine = played.engine
    state = engine.new_game(len(played.seats), played.game.options)
    seen: Counter[str] = Counter()
    bids, animal, pickers = 0, None, set()
    for row in await box.bot.host.store.moves(game_id):
        step_ = apply_entry(engine, state, row)
        for event in step_.events:
            seen[event.code] += 1
            if event.code == "bid":
                bids += 1
            elif event.code == "auction_won":
                if bids >= 2:
                    seen["bids_in_one_auction"] += 1
                bids = 0
            elif event.code == "card_played":
                animal, pickers = event.params.get("card"), set()
            elif event.code in ("card_picked", "ware_picked") and animal in ("ape", "elephant"):
                pickers.add(event.params["seat"])
                if len(pickers) == 2:
                    seen[f"{animal}_draft"] += 1
                    animal = None  # one draft, counted once
        state = step_.state
    return seen


GENERIC = re.compile(r"\ba (Guard|Rain Maker)\b|\bGuard orders\b")
"""A reaction card named in general ("take it with a Rain Maker, or let it pass"): the prompt and the orders
are worded the same whatever the hand holds (standing orders decide whether the game waits), so they
tell nothing. Buttons and menus are not spared: one labelled "Play a Guard" would tell that a Guard is held."""
TITLES = {card: re.compile(rf"(?<![\w+]){re.escape(card_title(card))}(?![\w+])") for card in NAMES}


def public_text(message: Message) -> str:
    """Everything anyone in the server can read of a message: its text, its embeds, its labels and menus."""
    labels = [
        str(c.get(key)) for c in walk_components(message.components) for key in ("label", "placeholder") if c.get(key)
    ]
    options = [
        f"{o.get('label', '')} {o.get('description', '')}"
        for c in walk_components(message.components)
        for o in c.get("options", [])
    ]
    words = GENERIC.sub("", "\n".join([message.content or "", json.dumps(message.embeds, ensure_ascii=False)]))
    return "\n".join([words, *labels, *options])


def held_only(state) -> set[str]:
    """The cards in a hand (not known to the other player) of which no copy is in sight: every copy is in
    such a hand, in the deck or being looked at."""
    hidden = Counter(state.drawn) + Counter(state.deck.top) + Counter(dict(enumerate(state.deck.pool)))
    held: set[int] = set()
    for hand, known in zip(state.hands, state.known, strict=True):
        unknown = Counter(hand) - Counter(known)
        hidden += unknown
        held |= set(unknown)
    return {NAMES[card] for card in held if hidden[card] == COUNT[card]}


def named_cards(event: Event) -> set[str]:
    params = event.params
    found = {str(v) for k, v in params.items() if (k == "card" or k.endswith("_card")) and isinstance(v, str)}
    cards = params.get("cards")
    return found | ({str(c) for c in cards} if isinstance(cards, list) else set())


class LeakWatch:
    """Looks, after each answer, at every public message posted or edited since the last look (text, embeds,
    button and menu labels): none may name a card that is now only in a hand — unless a public event of the
    moves since then named it (a card discarded, then shuffled back and drawn again, was shown meanwhile)."""

    def __init__(self, box: Sandbox, game_id: int, checked: dict[int, int]) -> None:
        self.box, self.game_id, self.checked = box, game_id, checked
        self.engine = engines.get("jambo")
        self.state = None
        self.rows = 0

    async def look(self) -> None:
        shown: set[str] = set()
        if self.state is None:
            self.state = self.engine.new_game(2, (await self.box.bot.host.store.get_game(self.game_id)).options)
        rows = await self.box.bot.host.store.moves(self.game_id)
        for row in rows[self.rows :]:
            step_ = apply_entry(self.engine, self.state, row)
            shown |= {card for event in events_seen_by(step_.events, None) for card in named_cards(event)}
            self.state = step_.state
        self.rows = len(rows)
        held = held_only(self.state) - shown
        channels = [self.box.channel, *self.box.fake.threads(self.box.channel)]
        for message in (m for channel in channels for m in self.box.fake.messages(channel)):
            if message.ephemeral or self.checked.get(message.id) == message.edits:
                continue
            self.checked[message.id] = message.edits
            text = public_text(message)
            named = [card for card in held if TITLES[card].search(text)]
            assert not named, f"a public message names {named}, held in a hand only:\n{text}"


async def play_one_game(box: Sandbox, seed: int) -> tuple[int, Channel, Counter[str], set[str]]:
    ana, ben = box.user("ana"), box.user("ben")
    channels = [box.channel, *box.fake.threads(box.channel)]
    checked = {m.id: m.edits for channel in channels for m in box.fake.messages(channel)}  # earlier games'
    game_id, thread = await open_game(box, "jambo", ana, [ben])
    watch = LeakWatch(box, game_id, checked)
    await watch.look()
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
        await watch.look()
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
        drawn = render.render_board(played.view(None), layout=BOARD_LAYOUT, words=picture_words("jambo", "en"))
        assert pixels(png) == pixels(drawn), "the public image is the spectator's view"
        public = sandbox.fake.messages(thread)
        private_only = {
            line for text in secrets for line in text.splitlines() if "draws the " in line or "drew" in line
        }
        for message in public:
            assert not any(line in message.content for line in private_only if len(line) > 20), message.content
        if set(seen) >= WANTED:
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


async def test_the_wrong_player_and_an_illegal_card_are_refused_and_nothing_changes(sandbox: Sandbox) -> None:
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "jambo", ana, [ben])
    store = sandbox.bot.host.store
    mover = to_move(sandbox, boards(sandbox, thread)[-1])
    assert mover is not None
    other = ben if mover is ana else ana
    before = await store.get_game(game_id)
    state = engines.get("jambo").loads(before.state)
    seat = (await sandbox.bot.host.snapshot(game_id)).seat_of(mover.id)
    missing = next(NAMES[card] for card in sorted(PEOPLE) if card not in state.hands[seat])

    async def refused(user: User, command: str, options: dict) -> str:
        it = await settled(sandbox.fake.slash(user, thread, f"jambo {command}", options))
        after = await store.get_game(game_id)
        assert it.ephemeral and (after.version, after.state) == (before.version, before.state), it.content
        assert 0 < len(it.content) <= 2000 and not it.files
        return it.content

    text = await refused(other, "draw", {})
    assert "not your turn" in text and mover.name.capitalize() in text, text
    text = await refused(other, "play", {"card": f"play {missing}"})
    assert "not your turn" in text, text
    text = await refused(mover, "play", {"card": f"play {missing}"})
    assert card_title(missing) in text and ("hand" in text or "hold" in text), text
    text = await refused(mover, "bid", {"amount": 3})
    assert "not a choice now" in text and "draw a card" in text, text
    text = await refused(mover, "decide", {"choice": "keep"})
    assert "draw" in text or "keep" in text, text
    assert len(boards(sandbox, thread)) == 1, "a refusal posts no board"
