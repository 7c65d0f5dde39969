"""Jambo's private controls end to end: standing orders shown and changed, the hand bringing a half-made decision
back, buttons that say what they do, and what a Cancel leaves. The real bot against the fake Discord."""

from __future__ import annotations

from collections.abc import Awaitable

import discord
from e2e import boards, open_game, settled, to_move

import engines
from bot.core.played import Played
from bot.core.wording import say_for
from bot.games.jambo.words import card_words
from engines.jambo.cards import CARD_ID, NAMES
from offline.fakediscord.state import Channel, Interaction, Message, User, walk_components
from offline.sandbox import Sandbox


def card_title(name: str) -> str:
    """A card's English title, as the messages and pictures name it ("Leopard Statue", "2 Tea + Silk")."""
    return card_words(name, say_for("jambo", (), "en"))


NO_PINGS = discord.AllowedMentions.none().to_dict()


def menus(message: Message) -> list[dict]:
    return [c for c in walk_components(message.components) if c.get("type") == 3]


def labels(message: Message) -> list[str]:
    return [str(c.get("label")) for c in walk_components(message.components) if c.get("type") == 2]


def private_reply(it: Interaction) -> Message:
    """The newest private message of an interaction (its answer, or the edited message of a click)."""
    found = [m for m in [*reversed(it.followups), it.message] if m is not None and m.ephemeral]
    assert found, it.describe()
    return found[0]


def quiet_and_short(message: Message) -> None:
    """A private answer: within Discord's limits, and pings nobody."""
    assert 0 < len(message.content) <= 2000, message.content
    assert message.allowed_mentions == NO_PINGS and not message.mentions, message.allowed_mentions


async def orders_of(box: Sandbox, game_id: int, user: User) -> dict:
    played = await box.bot.host.snapshot(game_id)
    seat = played.seat_of(user.id)
    return played.view(seat).details["players"][seat]["orders"]


async def test_orders_are_shown_in_words_with_menus_that_change_them(sandbox: Sandbox) -> None:
    ana, ben, cara = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("cara")
    game_id, thread = await open_game(sandbox, "jambo", ana, [ben])
    it = await settled(sandbox.fake.slash(ana, thread, "jambo orders"))
    reply = private_reply(it)
    quiet_and_short(reply)
    assert "—" not in reply.content, reply.content
    assert "Guard" in reply.content and "ask me" in reply.content, reply.content
    assert "Rain Maker" in reply.content and "never" in reply.content, reply.content
    guard, rain = menus(reply)
    assert {o["value"] for o in guard["options"]} == {f"orders guard {m}" for m in ("ask", "auto", "never")}
    assert {o["value"] for o in rain["options"]} == {f"orders rain maker {m}" for m in ("ask", "auto", "never")}

    it = await settled(
        sandbox.fake.slash(
            ana, thread, "jambo orders", {"guard": "never", "animal": "lion", "rain_maker": "auto", "price": 4}
        )
    )
    reply = private_reply(it)
    quiet_and_short(reply)
    assert "Lion: never answer" in reply.content and "10 gold or more" in reply.content, reply.content
    assert (await orders_of(sandbox, game_id, ana))["guard"]["lion"] == "never"

    clicked = await settled(sandbox.fake.select(ana, reply, menus(reply)[0]["custom_id"], ["orders guard auto"]))
    edited = private_reply(clicked)
    quiet_and_short(edited)
    assert "answer at once" in edited.content and "Lion" not in edited.content, edited.content
    orders = await orders_of(sandbox, game_id, ana)
    assert set(orders["guard"].values()) == {"auto"} and orders["rain"] == "auto"
    assert (await orders_of(sandbox, game_id, ben))["guard"]["lion"] == "ask", "only the chooser's orders change"

    it = await settled(sandbox.fake.slash(cara, thread, "jambo orders"))
    assert it.ephemeral and "not playing" in it.content, it.content
    assert not menus(private_reply(it))
    assert len(boards(sandbox, thread)) == 1, "orders post no board"


async def deal(box: Sandbox, game_id: int, seat: int, card: str) -> None:
    """Put ``card`` into ``seat``'s hand from the deck, in place of the hand's first card (a test's own deal)."""
    record = await box.bot.host.store.get_game(game_id)
    engine = engines.get("jambo")
    state = engine.loads(record.state)
    out, wanted = state.hands[seat][0], CARD_ID[card]
    assert state.deck.pool[wanted] > 0
    state.deck.pool[wanted] -= 1
    state.deck.pool[out] += 1
    state.hands[seat] = sorted([wanted, *state.hands[seat][1:]])
    async with box.bot.host.store.db.transaction() as tx:
        await tx.execute("UPDATE games SET state = ? WHERE id = ?", engine.dumps(state), game_id)


def with_buttons(it: Interaction) -> Message:
    """The newest private message of an interaction that has buttons or a menu."""
    return next(m for m in [*reversed(it.followups), it.message] if m is not None and m.ephemeral and m.components)


def pick(box: Sandbox, user: User, message: Message, prefix: str) -> Awaitable[Interaction]:
    """Click the first button, or choose the first menu option, whose label starts with ``prefix``."""
    for component in walk_components(message.components):
        if component.get("type") == 2 and str(component.get("label", "")).startswith(prefix):
            return box.fake.click(user, message, component["custom_id"])
        for option in component.get("options", []) if component.get("type") == 3 else []:
            if str(option["label"]).startswith(prefix):
                return box.fake.select(user, message, component["custom_id"], [option["value"]])
    raise AssertionError(f"nothing labelled {prefix}… on {message!r}")


async def test_cancel_after_a_draw_says_the_card_stays_to_keep_or_discard(sandbox: Sandbox) -> None:
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "jambo", ana, [ben])
    mover = to_move(sandbox, boards(sandbox, thread)[-1])
    assert mover is not None
    drawn = with_buttons(await settled(sandbox.fake.slash(mover, thread, "jambo draw")))
    quiet_and_short(drawn)
    assert "Keep it" in labels(drawn) and "Cancel" in labels(drawn), labels(drawn)
    cancel = next(c for c in drawn.button_ids if c.startswith("bz:drx:"))
    it = await settled(sandbox.fake.click(mover, drawn, cancel))
    edited = private_reply(it)
    quiet_and_short(edited)
    played = await sandbox.bot.host.snapshot(game_id)
    card = played.view(None).details["drawn_count"] and played.state.drawn[0]
    title = card_title(NAMES[card])
    assert "nothing was played" not in edited.content, edited.content
    assert f"keep {title} or discard it" in edited.content and "/jambo hand" in edited.content, edited.content
    assert not edited.components
    hand = await settled(sandbox.fake.slash(mover, thread, "jambo hand"))
    again = with_buttons(hand)
    assert "Keep it" in labels(again) and f"Discard {title}" in labels(again), labels(again)


async def unguarded_game(sandbox: Sandbox) -> tuple[int, Channel, User, User, Played]:
    """A Jambo game for two whose player not to move never guards (an animal plays out at once): its id, thread,
    the mover, the other player and the game as it stands."""
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "jambo", ana, [ben])
    mover = to_move(sandbox, boards(sandbox, thread)[-1])
    assert mover is not None
    other = ben if mover is ana else ana
    await settled(sandbox.fake.slash(other, thread, "jambo orders", {"guard": "never"}))
    return game_id, thread, mover, other, await sandbox.bot.host.snapshot(game_id)


async def test_the_hand_brings_back_a_half_made_decision_at_its_next_step(sandbox: Sandbox) -> None:
    game_id, thread, mover, other, played = await unguarded_game(sandbox)
    await deal(sandbox, game_id, played.seat_of(mover.id), "hyena")
    started = with_buttons(await settled(sandbox.fake.slash(mover, thread, "jambo play", {"card": "play hyena"})))
    assert "take a card from" in started.content, started.content  # the Hyena is played: the look is public
    taken = await settled(pick(sandbox, mover, started, "Take "))
    giving = with_buttons(taken)
    assert "So far: Take " in giving.content and "give" in giving.content.lower(), giving.content
    before = len(boards(sandbox, thread))
    version = (await sandbox.bot.host.store.get_game(game_id)).version

    await settled(
        sandbox.fake.slash(other, thread, "jambo orders", {"rain_maker": "ask"})
    )  # not a move: the draft stays
    hand = await settled(sandbox.fake.slash(mover, thread, "jambo hand"))
    back = with_buttons(hand)
    quiet_and_short(back)
    assert "So far: Take " in back.content and "give" in back.content.lower(), back.content
    assert (await sandbox.bot.host.store.get_game(game_id)).moved_version == version, "a draft is not on the table"
    done = await settled(pick(sandbox, mover, back, "Give "))
    assert done.ephemeral
    # the whole Hyena, at once: one move, kept as news for the turn's one post (the mover still has actions)
    assert len(boards(sandbox, thread)) == before, "a step inside the turn posts no board"
    moved = await sandbox.bot.host.store.get_game(game_id)
    assert moved.moved_version == moved.version == version + 2, "the draft made one move, after the orders"
    news = [n for n in await sandbox.bot.host.store.news(game_id) if n.version == moved.version]
    assert [r["kind"] for n in news for r in n.payload["rows"]][:1] == ["move"], news
    log = [row.move for row in await sandbox.bot.host.store.moves(game_id) if row.kind == "move"]
    assert log[-2].startswith("take ") and log[-1].startswith("give "), log


async def test_orders_leave_open_buttons_good_and_a_move_still_makes_them_stale(sandbox: Sandbox) -> None:
    """Standing orders are not moves: a button opened before either player changes them still works after, once;
    the move it makes turns the same reply's other buttons out of date."""
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "jambo", ana, [ben])
    store = sandbox.bot.host.store
    mover = to_move(sandbox, boards(sandbox, thread)[-1])
    assert mover is not None
    other = ben if mover is ana else ana
    drawn = with_buttons(await settled(sandbox.fake.slash(mover, thread, "jambo draw")))
    opened = await store.get_game(game_id)
    posted = len(boards(sandbox, thread))
    orders = await settled(sandbox.fake.slash(other, thread, "jambo orders", {"guard": "never", "rain_maker": "ask"}))
    await settled(
        sandbox.fake.select(
            other, private_reply(orders), menus(private_reply(orders))[0]["custom_id"], ["orders guard auto"]
        )
    )
    mine = private_reply(await settled(sandbox.fake.slash(mover, thread, "jambo orders")))
    await settled(sandbox.fake.select(mover, mine, menus(mine)[1]["custom_id"], ["orders rain maker ask"]))
    changed = await store.get_game(game_id)
    assert changed.version > opened.version and changed.state != opened.state, "the orders are stored"
    assert changed.moved_version == opened.version and changed.updated_at == opened.updated_at
    assert len(boards(sandbox, thread)) == posted, "orders post no board"

    kept = await settled(pick(sandbox, mover, drawn, "Keep it"))
    assert "out of date" not in kept.content, kept.content
    assert len(boards(sandbox, thread)) == posted, "a step inside the turn posts no board: it is news"
    moved = await store.get_game(game_id)
    assert [n.version for n in await store.news(game_id)][-1:] == [moved.version], "the button made its move"
    assert moved.moved_version == moved.version == changed.version + 1
    assert (await orders_of(sandbox, game_id, other))["rain"] == "ask", "the move kept the orders"
    assert set((await orders_of(sandbox, game_id, other))["guard"].values()) == {"auto"}

    stale = await settled(pick(sandbox, mover, drawn, "Discard "))
    assert stale.ephemeral and "out of date" in stale.content, stale.content
    assert (await store.get_game(game_id)).version == moved.version and len(boards(sandbox, thread)) == posted
    fresh = with_buttons(stale)  # mid-turn no board is posted: the old reply's owner gets the choices as they stand
    assert "Your choices as they stand now" in fresh.content and fresh.files, fresh.content
    assert not any(label.startswith(("Keep it", "Discard ")) for label in labels(fresh)), "the draw is decided"
    assert (await store.get_game(game_id)).version == moved.version


async def test_an_old_buttons_click_mid_decision_keeps_the_half_made_decision(sandbox: Sandbox) -> None:
    """A click on an older reply while a decision is half made (a Hyena's card taken, one still to give) shows the
    choices as they stand, the steps kept; the newer reply's buttons still finish the decision."""
    game_id, thread, mover, _, played = await unguarded_game(sandbox)
    old = with_buttons(await settled(sandbox.fake.slash(mover, thread, "jambo draw")))
    await settled(pick(sandbox, mover, old, "Keep it"))
    await deal(sandbox, game_id, played.seat_of(mover.id), "hyena")
    started = with_buttons(await settled(sandbox.fake.slash(mover, thread, "jambo play", {"card": "play hyena"})))
    giving = with_buttons(await settled(pick(sandbox, mover, started, "Take ")))
    version = (await sandbox.bot.host.store.get_game(game_id)).version

    stale = with_buttons(await settled(pick(sandbox, mover, old, "Discard ")))
    assert "Your choices as they stand now" in stale.content and "So far: Take " in stale.content, stale.content
    assert "Next: give " in stale.content and stale.components, "the decision goes on where it was"
    done = await settled(pick(sandbox, mover, giving, "Give "))
    assert (await sandbox.bot.host.store.get_game(game_id)).version == version + 1, "the Hyena played, whole"
    log = [row.move for row in await sandbox.bot.host.store.moves(game_id) if row.kind == "move"]
    assert log[-3] == "play hyena" and log[-2].startswith("take ") and log[-1].startswith("give "), log[-3:]
    assert done.ephemeral
