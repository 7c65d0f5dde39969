"""Ratings end to end: games end in the fake Discord, the ratings move with the final move, and
``/bazaar leaderboard`` and ``/bazaar stats`` show them (the chart attached) — but never another server's
games: a server's leaderboard and another member's stats hold only this server's games, and the
leaderboard over every server names nobody who has not played here (on SQLite and PostgreSQL)."""

from __future__ import annotations

from e2e import open_game, resign, settled

from bot.core.ratings import Finish, rate_in
from engines.base import Outcome
from offline.fakediscord.state import User
from offline.sandbox import Sandbox

ELSEWHERE = 4242


async def won_by(box: Sandbox, winner: User, loser: User) -> int:
    """A two-player Marrakech game that ``loser`` resigns, so that ``winner`` wins it."""
    game_id, thread = await open_game(box, "marrakech", loser, [winner])
    await resign(box, loser, thread, "marrakech")
    await box.settle()
    return game_id


async def played_elsewhere(box: Sandbox, winner: int, loser: int, now: float) -> None:
    """A game finished in another server (stored and rated as the host does it, in one transaction)."""
    store = box.bot.host.store
    record = await store.create_game(
        guild_id=ELSEWHERE,
        channel_id=ELSEWHERE + 1,
        thread_id=None,
        game="marrakech",
        options={},
        creator_id=winner,
        creator_name="Zed",
        now=now,
    )
    await store.join(record.id, record.version, loser, "Ana elsewhere", now)
    await store.start(record.id, record.version + 1, [winner, loser], [], "{}", "finished", now)
    seats = await store.seats(record.id)
    finished = await store.get_game(record.id)
    assert finished is not None
    outcome = Outcome(scores=[10, 2], winners=[0], termination="test")
    async with store.db.transaction() as tx:
        await rate_in(tx, Finish(finished, seats, outcome), now)


async def test_ratings_move_when_games_end_and_show_only_what_this_server_may_see(sandbox: Sandbox) -> None:
    ana, ben, cy = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("cy")
    for _ in range(3):
        await won_by(sandbox, ben, ana)
    db = sandbox.bot.host.store.db
    rows = await db.fetch("SELECT player_id, games, wins FROM ratings WHERE scope = ? ORDER BY player_id", 0)
    assert [(r["player_id"], r["games"], r["wins"]) for r in rows] == [(ana.id, 3, 0), (ben.id, 3, 3)]

    board = await settled(sandbox.fake.slash(ana, sandbox.channel, "bazaar leaderboard", {"game": "marrakech"}))
    assert board.ephemeral, board
    lines = board.content.splitlines()
    assert "Marrakech leaderboard" in lines[0] and "this server" in lines[0]
    assert "1. Ben" in lines[1] and "2. Ana" in lines[2] and "3 games" in lines[1] and "3 wins" in lines[1]
    assert "at least 3 rated games" in board.content

    stats = await settled(sandbox.fake.slash(ana, sandbox.channel, "bazaar stats", {}))
    message = stats.followups[-1] if stats.followups else stats.message
    assert message is not None and message.ephemeral
    assert "Your stats" in message.content and "3 games, 0 wins (0 %)" in message.content
    assert "2 players: 3 games" in message.content and "Longest win streak: 0" in message.content
    assert message.file("rating.png").startswith(b"\x89PNG")
    alt = message.alt_texts["rating.png"] or ""  # what a screen reader says of the chart: its line in numbers
    assert alt.startswith("A line chart of the Marrakech rating of Ana over their latest 3 rated games: "), alt
    assert "now; highest " in alt and "lowest " in alt

    # Zed (not a member here) beats Ana three times in another server
    zed = 777_000_001
    for n in range(3):
        await played_elsewhere(sandbox, zed, ana.id, 2_000_000_000.0 + n)
    here = await settled(sandbox.fake.slash(cy, sandbox.channel, "bazaar leaderboard", {"game": "marrakech"}))
    assert "Zed" not in here.content and "another server" not in here.content
    assert "2. Ana" in here.content and "3 games" in here.content.splitlines()[2], here.content
    everywhere = await settled(
        sandbox.fake.slash(cy, sandbox.channel, "bazaar leaderboard", {"game": "marrakech", "scope": "everywhere"})
    )
    assert "every server" in everywhere.content and "Zed" not in everywhere.content
    assert "a player from another server" in everywhere.content and "6 games" in everywhere.content

    theirs = await settled(sandbox.fake.slash(cy, sandbox.channel, "bazaar stats", {"user": ana.id}))
    shown = theirs.followups[-1] if theirs.followups else theirs.message
    assert shown is not None and "Stats of" in shown.content and "in this server" in shown.content
    assert "3 games, 0 wins" in shown.content and "6 games" not in shown.content
    assert "Ana elsewhere" not in shown.content
    own = await settled(sandbox.fake.slash(ana, sandbox.channel, "bazaar stats", {"game": "marrakech"}))
    mine = own.followups[-1] if own.followups else own.message
    assert mine is not None and "6 games, 0 wins" in mine.content, "your own stats count every server"

    public = await settled(
        sandbox.fake.slash(ben, sandbox.channel, "bazaar leaderboard", {"game": "marrakech", "public": True})
    )
    assert not public.ephemeral and "1. Ben" in public.content

    # the same from the game's own command: /marrakech records … (the game is the command's)
    own_board = await settled(sandbox.fake.slash(cy, sandbox.channel, "marrakech records leaderboard", {}))
    assert own_board.ephemeral and own_board.content == here.content
    spanish = sandbox.user("dee", locale="es-ES")
    localized = await settled(sandbox.fake.slash(spanish, sandbox.channel, "marrakech registros clasificacion", {}))
    assert localized.ephemeral and "1. Ben" in localized.content
    empty = await settled(sandbox.fake.slash(cy, sandbox.channel, "jambo records leaderboard", {"public": True}))
    assert not empty.ephemeral and "Jambo leaderboard" in empty.content and "Ben" not in empty.content
    theirs_here = await settled(sandbox.fake.slash(cy, sandbox.channel, "marrakech records stats", {"user": ana.id}))
    shown_here = theirs_here.followups[-1] if theirs_here.followups else theirs_here.message
    assert shown_here is not None and shown_here.ephemeral and "Stats of" in shown_here.content
    assert "3 games, 0 wins" in shown_here.content and shown_here.file("rating.png").startswith(b"\x89PNG")
