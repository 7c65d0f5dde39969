"""The status and the final scores as players read them: ranks (ties named), each game's own unit."""

from __future__ import annotations

import engines
from bot.core.played import Played
from bot.core.posts import Posts
from bot.core.records import GameRecord, SeatRecord
from bot.core.text import ALT_LIMIT, MESSAGE_LIMIT
from bot.ui.courier import board_content
from engines.base import Outcome

NAMES = ("Ana", "Ben", "Cy")


def played(game: str, players: int, status: str = "active") -> Played:
    engine = engines.get(game)
    state = engine.new_game(players)
    while engine.to_move(state) == engines.base.CHANCE:
        state = engine.apply(state, engine.chance_odds(state)[0][0])
    record = GameRecord(1, 1, 1, None, game, {}, status, 1, 0.0, 0.0, 1, None, None, None)
    seats = [SeatRecord(1, 100 + n, NAMES[n], n, 0.0) for n in range(players)]
    return Played(record, seats, state)


def posts() -> Posts:
    return Posts(schedule=None)  # type: ignore[arg-type]


def with_scores(game: Played, scores: list[int]) -> Played:
    view = game.view(None)
    seats = [seat.model_copy(update={"score": score}) for seat, score in zip(view.seats, scores, strict=True)]
    game._views[None] = view.model_copy(update={"seats": seats})
    return game


def test_final_scores_list_players_by_rank_and_name_ties() -> None:
    game = played("marrakech", 3)
    outcome = Outcome(scores=[12, 30, 30], winners=[1, 2], termination="resigned")
    text = posts().scores(game, outcome)
    assert "Final scores: 1. Ben 30 points, 1. Cy 30 points (tie), 3. Ana 12 points." in text, text


def test_a_tie_broken_by_the_game_ranks_the_winner_first() -> None:
    game = played("marrakech", 3)
    outcome = Outcome(scores=[30, 30, 5], winners=[1], termination="resigned")
    text = posts().scores(game, outcome)
    assert "Final scores: 1. Ben 30 points, 2. Ana 30 points, 3. Cy 5 points." in text, text


def test_the_status_lists_players_by_score() -> None:
    game = with_scores(played("marrakech", 3), [5, 40, 40])
    lines = posts().status_text(game).splitlines()
    assert lines[1:4] == ["1. Ben — 40 points", "1. Cy — 40 points (tie)", "3. Ana — 5 points"], lines


def test_jambo_counts_gold_not_points() -> None:
    game = played("jambo", 2)
    text = posts().status_text(game)
    assert " gold" in text and "points" not in text, text
    outcome = Outcome(scores=[61, 48], winners=[0], termination="resigned")
    assert "1. Ana 61 gold, 2. Ben 48 gold" in posts().scores(game, outcome)


def test_the_standings_rank_the_seats_by_score_in_the_games_own_words_and_mark_the_player_to_move() -> None:
    game = with_scores(played("jambo", 2), [12, 40])
    mover = game.view(None).to_move
    entries = posts().standings(game)
    assert [entry.split(":")[0] for entry in entries] == ["Ben", "Ana"], entries
    assert entries[1 - (mover or 0)].endswith("(to move)") if mover is not None else True
    assert "12 gold" in entries[1] and "40 gold" in entries[0]
    marrakech = played("marrakech", 2)
    line = posts().standings_line(marrakech)
    assert line.startswith("Standings: ") and "30 points (30 dirhams, 0 carpet squares showing)" in line, line


def test_alt_text_is_cut_cleanly_to_discords_limit_keeping_where_the_game_stands() -> None:
    game = played("marrakech", 2)
    turn = "Ana turned Assam left, to face west; Ana rolled 3: Assam to d5; Ana paid Ben 4."
    alt = posts().board_alt(game, None, [turn] * 40)
    assert len(alt) <= ALT_LIMIT and alt.endswith("…"), len(alt)
    assert alt.startswith("The board of Marrakech #1. Waiting for Ana: turn Assam"), alt
    assert "Standings: Ana: 30 points" in alt and "What changed: Ana turned Assam left" in alt
    last = alt.removesuffix("…").split()[-1]
    assert last.rstrip(",;:.") in turn.split() or last in turn.replace(";", "").replace(":", "").split(), last


def test_a_board_post_too_long_shortens_what_happened_and_keeps_the_standings_and_the_ping() -> None:
    game = played("marrakech", 2)
    parts = posts().board_parts(game)
    payload = {**parts, "happened": ["Ana rolled 3: Assam to d5; Ana paid Ben 4."] * 200}
    text = board_content(payload)
    assert len(text) <= MESSAGE_LIMIT
    assert parts["standings"] in text and text.endswith(parts["next"]), text[-300:]
