"""The story of a game from its log (turns, catch-up, changed squares, pages) and undo with consent, without Discord."""

from __future__ import annotations

import random

import pytest

import engines
from bot.core.db import open_database
from bot.core.history import catch_up, game_turns, initial_state, log_pages, log_text, newest_lines, undo_plan
from bot.core.host import GameHost, replay_log
from bot.core.played import Played
from bot.core.posts import Posts
from bot.core.refused import Refused
from bot.core.schedule import ScheduleStore
from bot.core.store import Store
from bot.core.timing import Timing
from bot.core.undo import answer_undo, ask_undo
from engines.base import CHANCE

ANA, BEN, CY = 1001, 1002, 1003
NAMES = {ANA: "Ana", BEN: "Ben", CY: "Cy"}


@pytest.fixture
async def host(database_url: str):
    store = Store(await open_database(database_url))
    schedule = ScheduleStore(store.db)
    clock = iter(range(1_000_000, 2_000_000))
    yield GameHost(store, schedule, Posts(schedule), rng=random.Random(7), clock=lambda: float(next(clock)))
    await store.close()


async def started(host: GameHost, game: str, players=(ANA, BEN), options=None, computers: int = 0) -> Played:
    played = await host.create(
        guild_id=1,
        channel_id=10,
        game=game,
        options=options or {},
        user_id=players[0],
        name=NAMES[players[0]],
        timing=Timing(),
        thread=True,
    )
    for user in players[1:]:
        await host.join(played.game.id, user, NAMES[user])
    for _ in range(computers):
        await host.add_computer(played.game.id, players[0])
    return await host.start(played.game.id, players[0])


async def move(host: GameHost, played: Played, text: str | None = None, *steps: str) -> Played:
    """The player to move plays ``text`` (and ``steps``), or the first legal move."""
    assert played.state is not None and played.to_move not in (None, CHANCE)
    first = text or played.engine.legal_moves(played.state)[0]
    return await host.play(played.game.id, played.user_of(played.to_move), [first, *steps])


async def turns_for(host: GameHost, played: Played, viewer: int | None):
    snapshot = await host.snapshot(played.game.id)
    return snapshot, await game_turns(host.store, snapshot, host.posts.say(snapshot), viewer)


async def lines_for(host: GameHost, played: Played, viewer: int | None) -> list[str]:
    snapshot, turns = await turns_for(host, played, viewer)
    return [turn.line(host.posts.say(snapshot)) for turn in turns]


def first_build(played: Played) -> list[str]:
    """A Kairo build of the player to move: the site and the first way to pay for it."""
    engine, state = played.engine, played.state
    site = next(m for m in engine.legal_moves(state) if m.startswith("build "))
    return [site, engine.legal_moves(engine.apply(state, site))[0]]


# ---- turns ----------------------------------------------------------------------------------------------
async def test_a_marrakech_turn_is_one_numbered_line_with_its_roll(host: GameHost) -> None:
    played = await started(host, "marrakech")
    mover = played.names[played.to_move]
    played = await move(host, played, "straight")
    played = await move(host, played)
    lines = await lines_for(host, played, None)
    assert len(lines) == 1
    assert lines[0].startswith(f"1. {mover} kept Assam facing north; {mover} rolled ")
    assert f"{mover} placed a " in lines[0] and lines[0].endswith(".")


async def test_a_deck_draw_names_the_card_only_for_the_player_who_drew_it(host: GameHost) -> None:
    played = await started(host, "cairo", options={"start": "preset"})
    drawer = played.to_move
    played = await move(host, played, "take deck", "take deck")
    mine = (await lines_for(host, played, drawer))[-1]
    other = (await lines_for(host, played, 1 - drawer))[-1]
    public = (await lines_for(host, played, None))[-1]
    name = played.names[drawer]
    assert other == public and f"{name} draws a card from the deck (×2)" in public
    assert "draws a building card" not in mine and mine.count(f"{name} draws the ") == 2


# ---- catch-up --------------------------------------------------------------------------------------------
async def test_catch_up_tells_the_turns_after_your_last_one(host: GameHost) -> None:
    played = await started(host, "marrakech", (ANA, BEN, CY))
    first = played.to_move
    for _ in range(3):  # three whole turns: orient (with its roll), then place
        played = await move(host, played)
        played = await move(host, played)
    snapshot, turns = await turns_for(host, played, first)
    news = catch_up(turns, initial_state(snapshot), first)
    assert not news.since_start
    assert [turn.number for turn in news.turns] == [2, 3]
    assert news.then == turns[0].after
    assert all(turn.seat != first for turn in news.turns)


async def test_catch_up_starts_at_the_beginning_for_a_player_who_has_not_moved(host: GameHost) -> None:
    played = await started(host, "marrakech", (ANA, BEN, CY))
    waiting = (played.to_move + 2) % 3
    played = await move(host, played)
    played = await move(host, played)
    snapshot, turns = await turns_for(host, played, waiting)
    news = catch_up(turns, initial_state(snapshot), waiting)
    assert news.since_start and len(news.turns) == len(turns) == 1


async def test_the_places_a_kairo_build_changes_are_its_stall_and_entrance(host: GameHost) -> None:
    played = await started(host, "cairo", options={"start": "preset"})
    engine, before = played.engine, played.state
    site = first_build(played)
    played = await move(host, played, *site)
    _, _, square, _, door = site[0].split()
    assert set(engine.changed_places(engine.view(before, None), engine.view(played.state, None))) >= {square, door}


# ---- undo plans ---------------------------------------------------------------------------------------------
async def plan_for(host: GameHost, played: Played, seat: int):
    _, turns = await turns_for(host, played, seat)
    return undo_plan(turns, seat)


async def test_turning_assam_cannot_be_undone_because_the_die_was_rolled(host: GameHost) -> None:
    played = await started(host, "marrakech", (ANA, BEN, CY))
    seat = played.to_move
    played = await move(host, played, "left")
    with pytest.raises(Refused) as refused:
        await plan_for(host, played, seat)
    assert refused.value.code == "undo_chance_spoke" and "rolled" in refused.value.params["what"]


async def test_a_carpet_can_be_undone_until_the_next_player_acts(host: GameHost) -> None:
    played = await started(host, "marrakech", (ANA, BEN, CY))
    seat = played.to_move
    played = await move(host, played)
    played = await move(host, played)
    plan = await plan_for(host, played, seat)
    assert [e.row.move for e in plan.entries] == [(await host.store.moves(played.game.id))[-1].move]
    next_player = played.to_move
    played = await move(host, played, "straight")
    with pytest.raises(Refused) as refused:
        await plan_for(host, played, seat)
    assert refused.value.code == "undo_someone_played" and refused.value.params["seat"] == next_player
    with pytest.raises(Refused) as refused:
        await plan_for(host, played, (seat + 2) % 3)
    assert refused.value.code == "undo_nothing"


async def test_a_kairo_deck_draw_cannot_be_undone_but_a_build_can(host: GameHost) -> None:
    played = await started(host, "cairo", options={"start": "preset"})
    builder = played.to_move
    first_build_moves = first_build(played)
    played = await move(host, played, *first_build_moves)
    plan = await plan_for(host, played, builder)
    assert [e.row.move for e in plan.entries] == first_build_moves
    drawer = played.to_move
    played = await move(host, played, "take deck")
    with pytest.raises(Refused) as refused:
        await plan_for(host, played, drawer)
    assert refused.value.code == "undo_chance_spoke" and "draws" in refused.value.params["what"]
    with pytest.raises(Refused) as refused:
        await plan_for(host, played, builder)
    assert refused.value.code == "undo_someone_played"


# ---- undo with consent ----------------------------------------------------------------------------------------
async def test_undo_needs_every_other_player_and_keeps_the_rows_marked(host: GameHost) -> None:
    played = await started(host, "marrakech", (ANA, BEN, CY))
    played = await move(host, played)
    before_place = await host.game(played.game.id)
    played = await move(host, played)
    requester = played.user_of((played.to_move - 1) % 3)
    others = [u for u in (ANA, BEN, CY) if u != requester]

    asked = await ask_undo(host, played.game.id, requester)
    assert asked.answer == "waiting" and "placed a" in asked.request.taken_back
    assert {s.user_id for s in asked.request.waiting_for} == set(others)
    version = asked.request.record.version
    first = await answer_undo(host, played.game.id, version, others[0], agree=True)
    assert first.answer == "waiting" and [s.user_id for s in first.request.waiting_for] == [others[1]]
    assert (await host.game(played.game.id)).state != before_place.state
    granted = await answer_undo(host, played.game.id, version, others[1], agree=True)

    assert granted.answer == "granted" and granted.played is not None
    record = await host.game(played.game.id)
    assert record.state == before_place.state and record.version == version + 1
    log = await host.store.moves(played.game.id)
    assert log[-1].undone and not log[-2].undone
    assert engines.get("marrakech").dumps(replay_log(record, 3, log)) == record.state
    lines = await lines_for(host, played, None)
    assert lines[-1].endswith("(undone)") and "placed a" in lines[-1]
    assert granted.played.to_move == (played.to_move - 1) % 3


async def test_a_computer_is_not_asked_it_agrees_at_once(host: GameHost) -> None:
    """At a table of two people and a computer only the other person is asked; alone with a computer a player
    takes the move back at once (nobody could answer for it, and Discord refuses a ping of its id)."""
    for people in ((ANA, BEN), (ANA,)):
        played = await started(host, "marrakech", people, computers=1)

        async def step(played: Played) -> Played:
            assert played.state is not None and played.to_move not in (None, CHANCE)
            first = played.engine.legal_moves(played.state)[0]
            robot = played.is_computer(played.to_move)
            return await host.play(played.game.id, played.user_of(played.to_move), [first], as_computer=robot)

        while True:  # whole turns (Assam turned, a carpet placed) until a person has just placed one
            played = await step(played)
            before_place = await host.game(played.game.id)
            played = await step(played)
            requester = played.user_of((played.to_move - 1) % len(played.seats))
            if requester is not None and requester > 0:
                break
        asked = await ask_undo(host, played.game.id, requester)
        others = [u for u in people if u != requester]
        assert [s.user_id for s in asked.request.asked] == others, "the computer is never asked"
        if others:
            assert asked.answer == "waiting"
            asked = await answer_undo(host, played.game.id, asked.request.record.version, others[0], agree=True)
        assert asked.answer == "granted" and asked.played is not None
        record = await host.game(played.game.id)
        assert engines.get("marrakech").loads(record.state).board_colour == (
            engines.get("marrakech").loads(before_place.state).board_colour
        ), "the carpet is taken back"


async def test_an_open_request_that_only_a_computer_was_asked_is_granted_when_asked_again(host: GameHost) -> None:
    """A request made before computers agreed at once asked the computer and waited for an answer that never came;
    asking again at the same version grants it (another request's "asked already" stands)."""
    played = await started(host, "marrakech", (ANA,), computers=1)
    while played.is_computer(played.to_move):  # the computer's turn, if it is first: turned and placed
        for _ in range(2):
            assert played.state is not None
            first = played.engine.legal_moves(played.state)[0]
            played = await host.play(played.game.id, played.user_of(played.to_move), [first], as_computer=True)
    played = await move(host, played)
    before_place = await host.game(played.game.id)
    played = await move(host, played)
    turns = await game_turns(host.store, played, host.posts.say(played), 0)
    plan = undo_plan(turns, played.seat_of(ANA) or 0)
    version = played.game.version
    assert await host.store.add_undo_request(played.game.id, version, ANA, (plan.first_ply, plan.last_ply), 1.0)

    granted = await ask_undo(host, played.game.id, ANA)
    assert granted.answer == "granted" and granted.request.asked == []
    record = await host.game(played.game.id)
    marrakech = engines.get("marrakech")
    assert marrakech.loads(record.state).board_colour == marrakech.loads(before_place.state).board_colour


async def test_one_refusal_closes_the_request_and_changes_nothing(host: GameHost) -> None:
    played = await started(host, "marrakech", (ANA, BEN, CY))
    played = await move(host, played)
    played = await move(host, played)
    requester = played.user_of((played.to_move - 1) % 3)
    other = next(u for u in (ANA, BEN, CY) if u != requester)
    before = await host.game(played.game.id)
    asked = await ask_undo(host, played.game.id, requester)
    refused = await answer_undo(host, played.game.id, before.version, other, agree=False)
    assert refused.answer == "refused" and refused.by.user_id == other
    after = await host.game(played.game.id)
    assert (after.version, after.state) == (before.version, before.state)
    with pytest.raises(Refused) as closed:
        await answer_undo(host, played.game.id, before.version, other, agree=True)
    assert closed.value.code == "undo_closed"
    with pytest.raises(Refused) as again:
        await ask_undo(host, played.game.id, requester)
    assert again.value.code == "undo_refused_before"
    assert asked.answer == "waiting"


async def test_a_move_in_between_makes_the_request_void(host: GameHost) -> None:
    played = await started(host, "cairo", options={"start": "preset"})
    requester = played.user_of(played.to_move)
    played = await move(host, played, *first_build(played))
    asked = await ask_undo(host, played.game.id, requester)
    other = asked.request.asked[0].user_id
    await move(host, played, "take charlatan", "take charlatan")
    stale = await answer_undo(host, played.game.id, asked.request.record.version, other, agree=True)
    assert stale.answer == "stale"
    assert not any(row.undone for row in await host.store.moves(played.game.id))


async def test_only_the_players_asked_answer_and_the_requester_may_withdraw(host: GameHost) -> None:
    played = await started(host, "cairo", options={"start": "preset"})
    requester = played.user_of(played.to_move)
    played = await move(host, played, *first_build(played))
    asked = await ask_undo(host, played.game.id, requester)
    version = asked.request.record.version
    for call, code in (
        (ask_undo(host, played.game.id, requester), "undo_asked_already"),
        (answer_undo(host, played.game.id, version, 4242, agree=True), "undo_not_asked"),
        (answer_undo(host, played.game.id, version, requester, agree=True), "undo_own_request"),
        (ask_undo(host, played.game.id, 4242), "undo_not_a_player"),
    ):
        with pytest.raises(Refused) as refused:
            await call
        assert refused.value.code == code
    withdrawn = await answer_undo(host, played.game.id, version, requester, agree=False)
    assert withdrawn.answer == "withdrawn"


async def test_asking_again_after_withdrawing_says_you_withdrew_not_that_they_refused(host: GameHost) -> None:
    played = await started(host, "cairo", options={"start": "preset"})
    requester = played.user_of(played.to_move)
    played = await move(host, played, *first_build(played))
    asked = await ask_undo(host, played.game.id, requester)
    await answer_undo(host, played.game.id, asked.request.record.version, requester, agree=False)
    with pytest.raises(Refused) as refusal:
        await ask_undo(host, played.game.id, requester)
    assert refusal.value.code == "undo_withdrawn_before"


async def test_an_undone_move_played_again_and_undone_again_reads_right_in_the_log(host: GameHost) -> None:
    played = await started(host, "cairo", options={"start": "preset"})
    builder = played.user_of(played.to_move)
    build = first_build(played)
    for _ in range(2):
        played = await host.play(played.game.id, builder, build)
        asked = await ask_undo(host, played.game.id, builder)
        other = asked.request.asked[0].user_id
        await answer_undo(host, played.game.id, asked.request.record.version, other, agree=True)
        played = await host.snapshot(played.game.id)
    lines = await lines_for(host, played, None)
    assert lines[-1].split(". ", 1)[1] == lines[-2].split(". ", 1)[1]
    assert lines[-1].endswith("(undone)") and "build" in lines[-1]
    assert played.to_move == played.seat_of(builder)


# ---- layout ----------------------------------------------------------------------------------------------------
def test_log_pages_never_exceed_their_budget_and_keep_every_line() -> None:
    lines = [f"{n}. " + "word " * (n % 40) for n in range(1, 200)]
    pages = log_pages(lines, budget=300)
    assert len(pages) > 1 and [line for page in pages for line in page] == lines
    assert all(sum(len(line) + 1 for line in page) <= 300 for page in pages)
    assert log_pages(["x" * 500], budget=100) == [["x" * 98 + "…"]]


def test_newest_lines_keep_the_end_and_count_what_was_left_out() -> None:
    kept, left_out = newest_lines(["a" * 50, "b" * 50, "c" * 50], budget=110)
    assert kept == ["b" * 50, "c" * 50] and left_out == 1


def test_the_text_file_has_a_title_the_players_every_line_and_the_ending() -> None:
    text = log_text("Marrakech #4", "Players: 1. Ana, 2. Ben", ["1. Ana rolled 3."], "Game over.")
    assert text == "Marrakech #4\nPlayers: 1. Ana, 2. Ben\n\n1. Ana rolled 3.\n\nGame over.\n"
