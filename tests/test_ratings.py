"""Ratings: places from an outcome (ties share, out last), openskill updates, computers per level, the rating
written with the final move, abandoned games unrated, the rebuild equal to the incremental ratings, and what
the leaderboard and stats read (on SQLite and PostgreSQL: the ``host`` fixture runs each test on both)."""

from __future__ import annotations

import asyncio
import random

import pytest
from test_host import ANA, BEN, CY, make_host, new_game

import engines
from bot.core.host import GameHost
from bot.core.ratings import COMPUTER_IDS, MIN_GAMES, display, placings, rate, rebuild, rebuild_if_empty
from bot.core.records import SeatRecord
from bot.core.standings import chart_points, leaderboard, leaderboard_text, move_times, player_stats, stats_text
from bot.core.wording import say_for
from engines.base import Outcome
from render.chart import line_chart


def seat(n: int, user: int, left: bool = False, computer: str | None = None) -> SeatRecord:
    return SeatRecord(1, user, f"p{n}", n, 0.0, computer, left)


def test_ties_share_a_place_and_winners_come_first() -> None:
    outcome = Outcome(scores=[10, 10, 7, 12], winners=[0, 1], termination="x")
    places = {p.player_id: p.place for p in placings([seat(i, 100 + i) for i in range(4)], outcome)}
    # the winners (tied) share first place; the highest score did not win (a tie-break) and comes after them
    assert places == {100: 1, 101: 1, 103: 3, 102: 4}
    new = rate(placings([seat(i, 100 + i) for i in range(4)], outcome), {})
    assert new[100] == new[101] and new[100][0] >= new[103][0] > new[102][0]  # (openskill's ties: see its docs)


def test_a_resigned_or_removed_player_is_last_whatever_their_score() -> None:
    outcome = Outcome(scores=[50, 3, 2], winners=[1], termination="resigned")
    placed = placings([seat(0, 100, left=True), seat(1, 101), seat(2, 102)], outcome)
    assert {p.player_id: (p.place, p.won) for p in placed} == {100: (3, False), 101: (1, True), 102: (2, False)}
    # a seat a computer took over from a person counts as that person's resignation
    taken = placings(
        [seat(0, 100, computer="hard"), seat(1, 101)], Outcome(scores=[9, 1], winners=[0], termination="x")
    )
    assert {p.player_id: p.place for p in taken} == {100: 2, 101: 1}


def test_computers_are_rated_per_level_and_one_level_twice_keeps_the_mean() -> None:
    outcome = Outcome(scores=[5, 4, 3], winners=[0], termination="x")
    placed = placings([seat(0, 100), seat(1, -1, computer="normal"), seat(2, -2, computer="normal")], outcome)
    assert [p.player_id for p in placed] == [100, COMPUTER_IDS["normal"], COMPUTER_IDS["normal"]]
    new = rate(placed, {})
    assert set(new) == {100, COMPUTER_IDS["normal"]}
    assert new[100][0] > 25 > new[COMPUTER_IDS["normal"]][0]
    assert len(set(COMPUTER_IDS.values())) == len(COMPUTER_IDS) and all(v < -100 for v in COMPUTER_IDS.values())


def test_the_displayed_rating_starts_at_1000_for_a_certain_average_player() -> None:
    assert display(25.0, 0.0) == 2000 and display(25.0, 25 / 3) == 1000


@pytest.fixture
async def host(database_url: str):
    made = await make_host(database_url)
    yield made
    await made.store.close()


async def play_out(host: GameHost, game_id: int, rng: random.Random) -> None:
    """Random legal moves until the game ends (computer seats played as computers)."""
    for _ in range(3000):
        record = await host.game(game_id)
        if record.status != "active":
            return
        engine = engines.get(record.game)
        state = engine.loads(record.state or "")
        seats = await host.store.seats(game_id)
        mover = next(s for s in seats if s.seat == engine.to_move(state))
        move = rng.choice(engine.legal_moves(state))
        await host.play(game_id, mover.user_id, [move], record.version, as_computer=mover.computer is not None)
    raise AssertionError("the game did not end")


async def snapshot(host: GameHost) -> tuple[list, list]:
    db = host.store.db
    ratings = await db.fetch(
        "SELECT game, scope, player_id, name, mu, sigma, games, wins FROM ratings ORDER BY game, scope, player_id"
    )
    history = await db.fetch("SELECT * FROM rating_history ORDER BY game_id, player_id")

    def rounded(row: dict) -> tuple:
        return tuple(round(v, 9) if isinstance(v, float) else v for v in dict(row).values())

    return [rounded(r) for r in ratings], [rounded(r) for r in history]


async def test_a_finished_game_is_rated_with_its_final_move_and_abandoned_games_are_not(host: GameHost) -> None:
    first = await new_game(host, (ANA, BEN, CY))
    await host.start(first, ANA)
    await host.resign(first, ANA)
    assert await host.store.db.fetchval("SELECT COUNT(*) FROM rating_history") == 0, "the game goes on"
    await host.resign(first, BEN)
    record = await host.game(first)
    assert record.status == "finished"
    rows = {r["player_id"]: r for r in await host.store.db.fetch("SELECT * FROM rating_history")}
    assert set(rows) == {ANA, BEN, CY}
    assert rows[CY]["place"] == 1 and rows[CY]["won"] == 1 and rows[ANA]["place"] == rows[BEN]["place"] == 2
    assert rows[CY]["finished_at"] == record.updated_at and rows[CY]["guild_id"] == 1
    assert rows[CY]["mu_after"] > rows[CY]["mu_before"] and rows[ANA]["mu_after"] == rows[BEN]["mu_after"]
    scopes = await host.store.db.fetch("SELECT scope, games FROM ratings WHERE player_id = ?", CY)
    assert sorted((r["scope"], r["games"]) for r in scopes) == [(0, 1), (1, 1)]
    abandoned = await new_game(host, (ANA, BEN))
    await host.start(abandoned, ANA)
    await host.abandon(abandoned, ANA, "p0")
    assert await host.store.db.fetchval("SELECT COUNT(*) FROM rating_history WHERE game_id = ?", abandoned) == 0


async def test_the_rebuild_gives_the_incremental_ratings_again(host: GameHost) -> None:
    rng = random.Random(3)
    for number in range(4):
        game_id = await new_game(host, (ANA, BEN) if number % 2 else (ANA, BEN, CY))
        await host.add_computer(game_id, ANA, "easy" if number < 2 else "hard")
        await host.start(game_id, ANA)
        if number == 3:
            await host.resign(game_id, BEN)
        await play_out(host, game_id, rng)
    incremental = await snapshot(host)
    assert len(incremental[1]) >= 12 and any(r[2] == COMPUTER_IDS["hard"] for r in incremental[0])
    assert await rebuild_if_empty(host.store.db) is None, "ratings exist: nothing to rebuild"
    assert await rebuild(host.store.db) == 4
    assert await snapshot(host) == incremental
    await host.store.db.execute("DELETE FROM rating_history")
    await host.store.db.execute("DELETE FROM ratings")
    assert await rebuild_if_empty(host.store.db) == 4
    assert await snapshot(host) == incremental

    board = await leaderboard(host.store.db, "marrakech", 1, False, 1)
    assert [line.player_id for line in board.lines][:1] and all(line.games >= MIN_GAMES for line in board.lines)
    assert {line.player_id for line in board.lines} >= {ANA, BEN}
    ratings = [line.rating for line in board.lines]
    assert ratings == sorted(ratings, reverse=True)
    say = say_for("bazaar", ())
    text = leaderboard_text(board, say)
    assert "p0" in text and "1000 + 40" in text
    elsewhere = await leaderboard(host.store.db, "marrakech", 2, True, 1)
    assert all(line.name is None for line in elsewhere.lines if line.player_id > 0), "no names from elsewhere"
    assert "a player from another server" in leaderboard_text(elsewhere, say)
    assert (await leaderboard(host.store.db, "marrakech", 2, False, 1)).lines == []

    mine = await player_stats(host.store.db, ANA, None, None)
    assert len(mine.games) == 4 and mine.by_game()["marrakech"].games == 4
    assert set(mine.by_players("marrakech")) == {3, 4}
    assert mine.move_times and all(t >= 0 for t in mine.move_times)
    text = stats_text(mine, say, None)
    assert "Marrakech" in text and "Longest win streak" in text and "Time to move" in text
    assert (await player_stats(host.store.db, ANA, 2, None)).games == [], "another server's games are not shown"
    png = line_chart(chart_points(mine, "marrakech"), "Marrakech", "start", "now")
    assert png.startswith(b"\x89PNG")


async def test_time_to_move_counts_from_the_previous_change(host: GameHost) -> None:
    db = host.store.db
    game_id = await new_game(host, (ANA, BEN))
    rows = [(1, "chance", None, 10.0), (2, "move", ANA, 70.0), (3, "chance", None, 70.0), (4, "move", BEN, 100.0)]
    rows += [(5, "move", ANA, 400.0), (6, "move", ANA, 400.0)]
    await db.execute("DELETE FROM moves WHERE game_id = ?", game_id)
    for ply, kind, user, at in rows:
        await db.execute(
            "INSERT INTO moves (game_id, ply, seat, kind, move, user_id, created_at) VALUES (?, ?, 0, ?, 'x', ?, ?)",
            game_id,
            ply,
            kind,
            user,
            at,
        )
    assert await move_times(db, ANA, [game_id]) == [60.0, 300.0]
    assert await move_times(db, BEN, [game_id]) == [30.0]


def test_the_leaderboards_condition_is_the_partial_indexs() -> None:
    from bot.core.db import migrations
    from bot.core.standings import ON_BOARD

    for dialect in ("sqlite", "postgres"):
        # the migration that makes the index, found by it (its number changed when branches merged)
        scripts = [script for _, script in migrations(dialect) if "CREATE INDEX ratings_board " in script]
        assert len(scripts) == 1, dialect
        assert f"WHERE {ON_BOARD};" in scripts[0], dialect


async def test_bazaar_ratings_rebuild_computes_them_again(tmp_path, monkeypatch, capsys) -> None:
    from bot.__main__ import main

    path = tmp_path / "r.db"
    made = await make_host(path)
    game_id = await new_game(made, (ANA, BEN))
    await made.start(game_id, ANA)
    await made.resign(game_id, ANA)
    before = await snapshot(made)
    await made.store.db.execute("DELETE FROM ratings")
    await made.store.close()
    monkeypatch.setenv("BAZAAR_DATABASE", str(path))
    assert await asyncio.to_thread(main, ["ratings", "rebuild"]) == 0
    assert "Ratings rebuilt from 1 finished games." in capsys.readouterr().out
    again = await make_host(path)
    assert await snapshot(again) == before
    await again.store.close()


async def test_the_rebuild_in_worker_processes_gives_the_same_ratings(host: GameHost) -> None:
    """Spread over worker processes (a kind of game each, reading the database themselves), the rebuild writes
    exactly the ratings and history the games wrote as they finished."""
    for number, game in enumerate(["marrakech", "morocco", "cairo", "morocco", "marrakech", "jambo"]):
        game_id = await new_game(host, (ANA, BEN) if number % 3 else (BEN, CY), game=game)
        await host.start(game_id, ANA if number % 3 else BEN)
        await host.resign(game_id, BEN if number % 2 else CY if number % 3 == 0 else ANA)
    incremental = await snapshot(host)
    assert len({row[0] for row in incremental[0]}) == 4 and len(incremental[1]) == 12
    await host.store.db.execute("DELETE FROM ratings")
    assert await rebuild(host.store.db, workers=2, parallel_from=1) == 6
    assert await snapshot(host) == incremental
