"""What ``/bazaar leaderboard`` and ``/bazaar stats`` show, read from the ratings (``bot.core.ratings``).

Privacy: a server's leaderboard is made of the ratings of the games played in that server (scope = the
guild), under the names its players had there. ``scope:everywhere`` ranks the ratings over every server
but names only players who played a rated game of that game in this server (others are "a player from
another server") and the computer levels. Your own stats cover all your games; another member's cover
only their games in this server (every game of a server is public to its members: board, status, log).

Every query is an index range: a leaderboard page reads ``ratings_board`` (game, scope, conservative
rating) from its top; stats read ``rating_history_by_player[_guild]`` (newest ``HISTORY_LIMIT`` games)
and the move log of the latest ``TIMING_GAMES`` games.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import engines
from bot.core.catalog import N_, NN_
from bot.core.db import Database, placeholders
from bot.core.ratings import EVERYWHERE, LEVEL_OF_ID, MIN_GAMES, display
from bot.core.text import fit_alt, fit_message
from bot.core.timing import duration_text
from bot.core.wording import Say

PAGE_SIZE = 10
ON_BOARD = f"games >= {MIN_GAMES}"
"""A leaderboard's condition, literally that of the partial index ``ratings_board`` (migration 011_ratings)."""
HISTORY_LIMIT = 5000
"""The newest rated games stats read (figures say so when a player has more)."""
TIMING_GAMES = 20
"""The latest games whose move log gives the time to move."""
CHART_POINTS = 60

LEADERBOARD_TITLE = N_("**{title} leaderboard** — {where}, page {page} of {pages}")
IN_THIS_SERVER = N_("this server's games")
EVERYWHERE_WORDS = N_("every server")
LEADERBOARD_LINE = N_("{place}. {name} — **{rating}** ({games}, {wins})")
LEADERBOARD_EMPTY = N_("Nobody has played {min} rated games of {title} here yet.")
LEADERBOARD_FOOT = N_(
    "Rating = 1000 + 40 × (μ − 3σ), a cautious estimate that grows as you play; at least {min} rated games to appear."
)
HIDDEN_PLAYER = N_("a player from another server")
COMPUTER_NAME = N_("🤖 computer ({level})")
LEVEL_WORDS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}
GAMES = NN_("{count} game", "{count} games")
WINS = NN_("{count} win", "{count} wins")

STATS_TITLE_OWN = N_("**Your stats** ({where})")
STATS_TITLE_OTHER = N_("**Stats of {name}** in this server")
EVERYWHERE_ALL = N_("all your games")
STATS_EMPTY = N_("No rated games yet.")
STATS_GAME = N_("**{title}**: {games}, {wins} ({rate}), rating **{rating}** (μ {mu}, σ {sigma})")
STATS_COUNT = N_("  {players} players: {games}, {wins} ({rate})")
STATS_STREAK = N_("Longest win streak: {streak}.")
STATS_TIMING = N_("Time to move (latest {count} games): average {average}, median {median}.")
STATS_NO_TIMING = N_("Time to move: no moves logged yet.")
STATS_LIMITED = N_("(Figures from the latest {count} games.)")
CHART_TITLE = N_("{title} rating of {name}")
CHART_START = N_("start")
CHART_NOW = N_("now")
CHART_ALT = NN_(
    "A line chart of the {title} rating of {name} over their latest rated game: {last}.",
    "A line chart of the {title} rating of {name} over their latest {count} rated games: {first} after the first,"
    " {last} now; highest {high}, lowest {low}.",
)


@dataclass(frozen=True)
class BoardLine:
    place: int
    player_id: int
    name: str | None
    rating: int
    games: int
    wins: int


@dataclass(frozen=True)
class Leaderboard:
    game: str
    everywhere: bool
    page: int
    pages: int
    lines: list[BoardLine]


async def leaderboard(db: Database, game: str, guild_id: int | None, everywhere: bool, page: int) -> Leaderboard:
    """One page (from 1) of a game's leaderboard: this server's ratings, or everywhere's with names of this
    server's players only (``guild_id`` None: outside a server, only computers are named)."""
    scope = EVERYWHERE if everywhere or guild_id is None else guild_id
    total = int(
        await db.fetchval(f"SELECT COUNT(*) FROM ratings WHERE game = ? AND scope = ? AND {ON_BOARD}", game, scope) or 0
    )
    pages = max(1, -(-total // PAGE_SIZE))
    page = min(max(1, page), pages)
    offset = (page - 1) * PAGE_SIZE
    if scope == EVERYWHERE:
        rows = await db.fetch(
            "SELECT r.player_id, l.name, r.mu, r.sigma, r.games, r.wins FROM ratings r"
            " LEFT JOIN ratings l ON l.game = r.game AND l.scope = ? AND l.player_id = r.player_id"
            f" WHERE r.game = ? AND r.scope = ? AND r.{ON_BOARD}"
            " ORDER BY r.conservative DESC, r.player_id DESC LIMIT ? OFFSET ?",
            guild_id if guild_id is not None else EVERYWHERE - 1,
            game,
            EVERYWHERE,
            PAGE_SIZE,
            offset,
        )
    else:
        rows = await db.fetch(
            "SELECT player_id, name, mu, sigma, games, wins FROM ratings WHERE game = ? AND scope = ?"
            f" AND {ON_BOARD} ORDER BY conservative DESC, player_id DESC LIMIT ? OFFSET ?",
            game,
            scope,
            PAGE_SIZE,
            offset,
        )
    lines = [
        BoardLine(
            offset + index + 1,
            int(r["player_id"]),
            r["name"],
            display(r["mu"], r["sigma"]),
            int(r["games"]),
            int(r["wins"]),
        )
        for index, r in enumerate(rows)
    ]
    return Leaderboard(game, scope == EVERYWHERE, page, pages, lines)


def player_name(player_id: int, name: str | None, say: Say) -> str:
    """How a player is named on a leaderboard: a computer by its level, a hidden player anonymously."""
    level = LEVEL_OF_ID.get(player_id)
    if level is not None:
        return say.fill(COMPUTER_NAME, {"level": say._(LEVEL_WORDS.get(level, level))})
    if name is None:
        return say._(HIDDEN_PLAYER)
    return say.value("name", name)


def leaderboard_text(board: Leaderboard, say: Say) -> str:
    title = engines.get(board.game).title
    where = say._(EVERYWHERE_WORDS if board.everywhere else IN_THIS_SERVER)
    head = say.fill(LEADERBOARD_TITLE, {"title": title, "where": where, "page": board.page, "pages": board.pages})
    foot = say.fill(LEADERBOARD_FOOT, {"min": MIN_GAMES})
    if not board.lines:
        return "\n".join([head, say.fill(LEADERBOARD_EMPTY, {"min": MIN_GAMES, "title": title}), foot])
    body = [
        say.fill(
            LEADERBOARD_LINE,
            {
                "place": line.place,
                "name": player_name(line.player_id, line.name, say),
                "rating": line.rating,
                "games": say.fill(GAMES, {"count": line.games}),
                "wins": say.fill(WINS, {"count": line.wins}),
            },
        )
        for line in board.lines
    ]
    return fit_message("\n".join([head, *body, foot]))


@dataclass(frozen=True)
class Played:
    """One rated game of the player, as the stats read it."""

    game_id: int
    game: str
    players: int
    won: bool
    finished_at: float
    mu: float
    sigma: float


@dataclass
class Tally:
    games: int = 0
    wins: int = 0

    def add(self, won: bool) -> None:
        self.games += 1
        self.wins += int(won)


@dataclass
class Stats:
    """A player's figures (everything, or one server's games)."""

    games: list[Played]
    ratings: dict[str, tuple[float, float]]
    limited: bool
    move_times: list[float] = field(default_factory=list)

    def by_game(self) -> dict[str, Tally]:
        found: dict[str, Tally] = {}
        for played in self.games:
            found.setdefault(played.game, Tally()).add(played.won)
        return found

    def by_players(self, game: str) -> dict[int, Tally]:
        found: dict[int, Tally] = {}
        for played in self.games:
            if played.game == game:
                found.setdefault(played.players, Tally()).add(played.won)
        return dict(sorted(found.items()))

    def longest_streak(self) -> int:
        best = run = 0
        for played in self.games:
            run = run + 1 if played.won else 0
            best = max(best, run)
        return best


async def player_stats(db: Database, player_id: int, guild_id: int | None, game: str | None) -> Stats:
    """``player_id``'s rated games (in ``guild_id`` only, or all with None), oldest first, optionally one game's;
    their current ratings of the same scope; the times they took to move in their latest games."""
    params: list[Any] = [player_id]
    where = "player_id = ?"
    if guild_id is not None:
        where += " AND guild_id = ?"
        params.append(guild_id)
    mu, sigma = ("mu_after", "sigma_after") if guild_id is None else ("g_mu_after", "g_sigma_after")
    rows = await db.fetch(
        f"SELECT game_id, game, players, won, finished_at, {mu} AS mu, {sigma} AS sigma FROM rating_history"
        f" WHERE {where} ORDER BY finished_at DESC LIMIT ?",
        *params,
        HISTORY_LIMIT,
    )
    limited = len(rows) == HISTORY_LIMIT
    games = [
        Played(int(r["game_id"]), r["game"], int(r["players"]), bool(r["won"]), r["finished_at"], r["mu"], r["sigma"])
        for r in reversed(rows)
        if game is None or r["game"] == game
    ]
    scope = EVERYWHERE if guild_id is None else guild_id
    rating_rows = await db.fetch(
        "SELECT game, mu, sigma FROM ratings WHERE scope = ? AND player_id = ? AND game IN"
        f" ({placeholders(len(engines.names()))})",
        scope,
        player_id,
        *engines.names(),
    )
    ratings = {r["game"]: (r["mu"], r["sigma"]) for r in rating_rows if game is None or r["game"] == game}
    stats = Stats(games, ratings, limited)
    stats.move_times = await move_times(db, player_id, [p.game_id for p in games[-TIMING_GAMES:]])
    return stats


async def move_times(db: Database, player_id: int, game_ids: Sequence[int]) -> list[float]:
    """Seconds between the previous decision (the change stored before) and each of the player's moves."""
    if not game_ids:
        return []
    rows = await db.fetch(
        "SELECT game_id, kind, user_id, created_at FROM moves"
        f" WHERE game_id IN ({placeholders(len(game_ids))}) AND undone = 0 ORDER BY game_id, ply",
        *game_ids,
    )
    times: list[float] = []
    game_id: int | None = None
    previous: float | None = None  # when the previous change of the game was stored
    current: float | None = None
    counted = False
    for row in rows:
        if row["game_id"] != game_id:
            game_id, previous, current, counted = row["game_id"], None, None, False
        if row["created_at"] != current:  # a new change (rows stored together share their time)
            previous, current, counted = current, row["created_at"], False
        if not counted and row["kind"] == "move" and row["user_id"] == player_id and previous is not None:
            times.append(max(0.0, row["created_at"] - previous))
            counted = True
    return times


def _rate(tally: Tally) -> str:
    return f"{round(100 * tally.wins / tally.games)} %" if tally.games else "—"


def stats_text(stats: Stats, say: Say, name: str | None) -> str:
    """The figures in words: per game and per number of players, streak, time to move."""
    head = (
        say.fill(STATS_TITLE_OTHER, {"name": name})
        if name is not None
        else say.fill(STATS_TITLE_OWN, {"where": say._(EVERYWHERE_ALL)})
    )
    if not stats.games:
        return "\n".join([head, say._(STATS_EMPTY)])
    lines = [head]
    for game, tally in stats.by_game().items():
        mu, sigma = stats.ratings.get(game, (0.0, 0.0))
        lines.append(
            say.fill(
                STATS_GAME,
                {
                    "title": engines.get(game).title,
                    "games": say.fill(GAMES, {"count": tally.games}),
                    "wins": say.fill(WINS, {"count": tally.wins}),
                    "rate": _rate(tally),
                    "rating": display(mu, sigma),
                    "mu": f"{mu:.1f}",
                    "sigma": f"{sigma:.1f}",
                },
            )
        )
        for players, count in stats.by_players(game).items():
            lines.append(
                say.fill(
                    STATS_COUNT,
                    {
                        "players": players,
                        "games": say.fill(GAMES, {"count": count.games}),
                        "wins": say.fill(WINS, {"count": count.wins}),
                        "rate": _rate(count),
                    },
                )
            )
    lines.append(say.fill(STATS_STREAK, {"streak": stats.longest_streak()}))
    if stats.move_times:
        lines.append(
            say.fill(
                STATS_TIMING,
                {
                    "count": min(TIMING_GAMES, len({p.game_id for p in stats.games})),
                    "average": duration_text(statistics.fmean(stats.move_times)),
                    "median": duration_text(statistics.median(stats.move_times)),
                },
            )
        )
    else:
        lines.append(say._(STATS_NO_TIMING))
    if stats.limited:
        lines.append(say.fill(STATS_LIMITED, {"count": HISTORY_LIMIT}))
    return fit_message("\n".join(lines))


def chart_game(stats: Stats, game: str | None) -> str | None:
    """The game whose rating is charted: the one asked for, else the one played most."""
    if game is not None:
        return game if any(p.game == game for p in stats.games) else None
    tallies = stats.by_game()
    return max(tallies, key=lambda g: tallies[g].games) if tallies else None


def chart_points(stats: Stats, game: str) -> list[int]:
    """The displayed rating after each of the latest ``CHART_POINTS`` games of ``game``."""
    return [display(p.mu, p.sigma) for p in stats.games if p.game == game][-CHART_POINTS:]


def chart_alt(points: Sequence[int], title: str, name: str, say: Say) -> str:
    """The rating chart's alt text: what its line shows, in numbers a screen reader can speak."""
    params = {
        "title": title,
        "name": name,
        "count": len(points),
        "first": points[0] if points else 0,
        "last": points[-1] if points else 0,
        "high": max(points, default=0),
        "low": min(points, default=0),
    }
    return fit_alt(say.fill(CHART_ALT, params))
