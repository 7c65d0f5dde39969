"""Alt text and standings: how long they run, how often the 1,024-character cut is needed, what they cost.

``python -m bench.alt_text [--seeds 1,2,3]`` plays seeded random games of every game at its largest table (long
names), in English and Spanish, and at every board a post would carry (each time the player who must act changes,
as one post per turn posts) words the board's alt text (``Posts.board_alt``, with the turn's events as "what
changed") and the board post's standings line (``Posts.standings_line``). It prints, per game and language: boards,
the alt text's median and longest length, how many were cut to Discord's 1,024 characters, the longest standings
line, and the time to word one alt text.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import engines
from bot.core.played import Played
from bot.core.posts import Posts
from bot.core.records import GameRecord, SeatRecord
from bot.core.wording import say_for
from engines.base import CHANCE, Event

NAMES = ("Anastasia", "Benedetta", "Cyrille", "Dominique", "Esperanza")
GAMES = ("cairo", "jambo", "marrakech", "morocco")


def boards(game: str, seed: int, locale: str) -> list[tuple[int, bool, int, float]]:
    """Each board of one seeded game: (alt length, cut, standings line length, seconds to word the alt)."""
    engine = engines.get(game)
    posts = Posts(schedule=None, locale=locale)  # type: ignore[arg-type]
    players = engine.max_players
    names = NAMES[:players]
    say = say_for(game, names, locale)
    rng = random.Random(seed)
    state = engine.new_game(players)
    seats = [SeatRecord(1, 100 + seat, names[seat], seat, 0.0) for seat in range(players)]
    found: list[tuple[int, bool, int, float]] = []
    turn: list[Event] = []
    version = 0
    while engine.to_move(state) is not None and version < 5000:
        before = engine.to_move(state)
        if before == CHANCE:
            moves, weights = zip(*engine.chance_odds(state), strict=True)
            move = rng.choices(moves, weights)[0]
        else:
            move = rng.choice(engine.legal_moves(state))
        step = engine.transition(state, move)
        state, version = step.state, version + 1
        turn.extend(step.events)
        if engine.to_move(state) == before and before is not None:
            continue  # a step inside one turn: no post yet
        record = GameRecord(1, 1, 1, None, game, {}, "active", 1, 0.0, 0.0, version, None, None, None)
        played = Played(record, seats, state)
        start = time.perf_counter()
        alt = posts.board_alt(played, None, [say.events(turn, None)])
        spent = time.perf_counter() - start
        found.append((len(alt), alt.endswith("…"), len(posts.standings_line(played)), spent))
        turn = []
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1,2,3")
    seeds = [int(seed) for seed in parser.parse_args().seeds.split(",")]
    print(
        "| game | players | language | boards | alt median | alt longest | cut to 1,024 | standings line longest |"
        " ms per alt |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for game in GAMES:
        for locale in ("en", "es"):
            rows = [row for seed in seeds for row in boards(game, seed, locale)]
            lengths = [length for length, _, _, _ in rows]
            print(
                f"| {game} | {engines.get(game).max_players} | {locale} | {len(rows)} |"
                f" {statistics.median(lengths):.0f} | {max(lengths)} | {sum(cut for _, cut, _, _ in rows)} |"
                f" {max(line for _, _, line, _ in rows)} |"
                f" {1000 * statistics.mean(spent for _, _, _, spent in rows):.2f} |"
            )


if __name__ == "__main__":
    main()
