"""A player's inbox: every game they are in, across servers, their turns first, longest-waiting first.

Built from indexed queries only — the games' rows without their state (the seat to move is stored
beside it) and their seats in one query — so it stays fast however many games are stored.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import engines
from bot.core.catalog import N_
from bot.core.records import GameRecord, SeatRecord
from bot.core.store import Store
from bot.core.text import fit_message
from bot.core.timing import Duration
from bot.core.wording import say_for

INBOX_LIMIT = 100
YOUR_TURN = N_("🟢 **Your turn** in {title}, waiting {waited} {link}")
THEIR_TURN = N_("{seat}'s turn in {title}, waiting {waited} {link}")
LOBBY = N_("{title}: waiting for players ({waited}) {link}")
TITLE_WHERE = N_("**{title} #{id}** on {place_name}")
TITLE = N_("**{title} #{id}**")
MORE = N_("… and {count} more.")
EMPTY = N_("You are in no running games. Start one with {commands}.")


@dataclass(frozen=True)
class InboxEntry:
    """One line of the inbox; ``rank`` 0 = your turn, 1 = someone else's, 2 = waiting for players."""

    rank: int
    waited: float
    text: str


def channel_link(record: GameRecord) -> str:
    """A link that opens the game's thread (or channel) from anywhere, DMs included."""
    return f"https://discord.com/channels/{record.guild_id}/{record.post_channel_id}"


def inbox_entry(
    record: GameRecord, seats: list[SeatRecord], user_id: int, now: float, guild_name: str | None
) -> InboxEntry | None:
    """The line for one game, or None when the user has left it."""
    engine = engines.get(record.game)
    say = say_for(record.game, tuple(s.name for s in seats))
    title_params = {"title": engine.title, "id": record.id, "place_name": guild_name or ""}
    title = say.fill(TITLE_WHERE if guild_name else TITLE, title_params)
    link = channel_link(record)
    if record.status == "lobby":
        waited = now - record.created_at
        return InboxEntry(2, waited, say.fill(LOBBY, {"title": title, "waited": Duration(waited), "link": link}))
    mine = next((s.seat for s in seats if s.user_id == user_id), None)
    if mine is None:
        return None
    waited = now - (record.turn_started_at or record.updated_at)
    params = {"title": title, "waited": Duration(waited), "link": link, "seat": record.to_move}
    if record.to_move == mine:
        return InboxEntry(0, waited, say.fill(YOUR_TURN, params))
    return InboxEntry(1, waited, say.fill(THEIR_TURN, params))


async def inbox(store: Store, user_id: int, now: float, guild_name: Callable[[int], str | None]) -> list[InboxEntry]:
    """Every running or open game the user is in (and has not left), in inbox order."""
    records = await store.list_games(user_id=user_id, limit=INBOX_LIMIT, newest_first=True)
    seats = await store.seats_of_games([r.id for r in records])
    entries = []
    for record in records:
        entry = inbox_entry(record, seats[record.id], user_id, now, guild_name(record.guild_id))
        if entry is not None:
            entries.append(entry)
    return sorted(entries, key=lambda e: (e.rank, -e.waited))


def inbox_text(entries: list[InboxEntry], commands: list[str]) -> str:
    """As many lines as fit in one message, then how many were left out; or how to start a game."""
    say = say_for("bazaar", ())
    if not entries:
        return say.fill(EMPTY, {"commands": " / ".join(f"`/{c} new`" for c in commands)})
    shown: list[str] = []
    for index, entry in enumerate(entries):
        more = say.fill(MORE, {"count": len(entries) - index})
        if sum(len(s) + 1 for s in [*shown, entry.text, more]) > 2000:
            return fit_message("\n".join([*shown, more]))
        shown.append(entry.text)
    return fit_message("\n".join(shown))
