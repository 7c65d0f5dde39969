"""Computer players on Discord: their turns, played by the bot without anyone asking, and ``/bazaar hint``.

Whenever a change hands the decision to a computer's seat the bot thinks in a worker process (a
process pool: the event loop keeps answering people) and plays it like any move — posted, logged,
undoable by consent — then delivers its board. A loop also looks, every half minute and once at
start-up, for games whose seat to move is a computer's, so a computer turn due while the bot was
down is played when it is back. ``/bazaar hint`` asks the computer, at the ``normal`` level, for your three
best moves, each with its chance to win and the reason it helps (the part of your projected final score it
changes most, in the game's words), and shows the whole decision it would make from the best (only you see
it; a game's creator may turn hints off at ``new``).
"""

from __future__ import annotations

import logging
from concurrent.futures import Executor

import discord
from discord.ext import commands, tasks

from bot.core import texts
from bot.core.catalog import N_
from bot.core.computers import HINT_LEVEL, ComputerTurns, Suggested
from bot.core.played import Played
from bot.core.refused import Refused
from bot.core.timing import number_text
from bot.core.wording import Say, say_for
from bot.core.workers import spawned_pool, stop_pool
from bot.ui.context import GameId, make_command
from bot.ui.errors import reply_private
from bot.ui.moves import defer
from bot.ui.services import Services, services

log = logging.getLogger("bazaar.computers")

EVERY_SECONDS = 30.0
HINT = N_("The computer ({level}) ranks your best moves:")
HINT_LINE = N_("{rank}. **{moves}**: {chance}% to win · {reason} {change}")
HINT_STILL = N_("{rank}. **{moves}**: {chance}% to win · nothing changes at once")
HINT_NOTE = N_(
    "-# A chance is the search's estimate; a reason is the part of your projected final score that the move "
    "changes most (in points)."
)
HINT_SCORE = N_("projected score")
THEN = " → "
MAX_CONTENT = 2000
HINT_WHICH = N_("Use /bazaar hint in a game's thread, or name the game with the `game` option.")


def worker_pool(workers: int) -> Executor | None:
    """A pool of worker processes for the search (None: think in a thread, for tests and local play)."""
    if workers <= 0:
        return None
    return spawned_pool(workers)


class Computers(commands.Cog):
    """Plays the computers' turns and offers hints."""

    def __init__(self, svc: Services, workers: int, iterations: int | None) -> None:
        self.svc = svc
        self.pool = worker_pool(workers)
        self.turns = ComputerTurns(svc.host, self.pool, iterations)
        self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()
        await self.turns.stop()
        stop_pool(self.pool)  # a computer still thinking is ended: its turn is played after the restart

    def wake(self, game_id: int) -> None:
        """A change was committed: play the game's computer turns, if any are due."""
        self.turns.start(game_id, self._deliver)

    async def _deliver(self, played: Played) -> None:
        await self.svc.courier.deliver_game(played.game.id, played)

    @tasks.loop(seconds=EVERY_SECONDS)
    async def loop(self) -> None:
        try:
            shards = self.svc.my_shards  # type: ignore[attr-defined]
            for game_id in await self.svc.store.games_awaiting_computer(shards=shards):
                self.wake(game_id)
        except Exception:
            log.exception("computers: looking for due turns failed")

    @loop.before_loop
    async def _ready(self) -> None:
        await self.svc.wait_until_ready()  # type: ignore[attr-defined]


async def hint(interaction: discord.Interaction, game: GameId | None = None) -> None:
    """Your three best moves now, each with its chance to win and why (only you see it)."""
    svc = services(interaction)
    record = await which_game(interaction, game)
    played = await svc.host.snapshot(record)
    seat = played.seat_of(interaction.user.id)
    if seat is None:
        raise Refused("not_a_player", id=played.game.id, command=played.game.game)
    await defer(interaction)
    cog = interaction.client.get_cog("Computers")  # type: ignore[attr-defined]
    suggested = await cog.turns.hint(played, seat)
    say = say_for(played.game.game, tuple(played.names))
    await reply_private(interaction, hint_text(say, played, seat, suggested))


def hint_text(say: Say, played: Played, seat: int, suggested: list[Suggested]) -> str:
    """The ranked moves in words: each move as the game words it, its chance in percent and its reason.

    The best move shows the whole decision the computer would make (its steps worded on the asker's view as it
    would be after each); if that is too long for one message, only its first step."""
    engine, state = played.engine, played.state
    assert state is not None
    lines = []
    for rank, hint in enumerate(suggested, start=1):
        labels, after = [], state
        for move in hint.moves:
            labels.append(say.label(move, engine.view(after, seat).with_names(played.names)))
            after = engine.apply(after, move)
        lines.append((rank, labels, hint))
    for whole in (True, False):
        head = say._(HINT).format(level=say._(texts.LEVELS[HINT_LEVEL]))
        ranked = [line(say, rank, labels if whole else labels[:1], hint) for rank, labels, hint in lines]
        text = "\n".join([head, *ranked, say._(HINT_NOTE)])
        if len(text) <= MAX_CONTENT:
            return text
    return text[: MAX_CONTENT - 1] + "…"


def line(say: Say, rank: int, labels: list[str], hint: Suggested) -> str:
    """One ranked move: its steps, its chance to win and its reason."""
    moves = THEN.join(labels) + (THEN + "…" if len(labels) < len(hint.moves) else "")
    chance = round(100 * hint.chance)
    if hint.reason is None:
        return say._(HINT_STILL).format(rank=rank, moves=moves, chance=chance)
    reason = say._(say.words.terms.get(hint.reason, HINT_SCORE))
    change = ("+" if hint.change > 0 else "−") + number_text(round(abs(hint.change), 1), say.locale)
    return say._(HINT_LINE).format(rank=rank, moves=moves, chance=chance, reason=reason, change=change)


async def which_game(interaction: discord.Interaction, game: int | None) -> int:
    """The game a hint is about: the ``game`` option, the game of this thread, or the user's only game to move."""
    store = services(interaction).store
    if game is not None:
        record = await store.get_game(game)
        if record is None or record.guild_id != interaction.guild_id:
            raise Refused("no_game_here", id=game)
        return record.id
    here = await store.games_in_channel(interaction.channel_id or 0, ("active",))
    if len(here) == 1:
        return here[0].id
    mine = await store.list_games(user_id=interaction.user.id, statuses=("active",), guild_id=interaction.guild_id)
    if len(mine) == 1:
        return mine[0].id
    raise Refused("bad_value", text=str(game or ""), name="game", allowed=say_for("bazaar", ())._(HINT_WHICH))


async def setup(bot: commands.Bot) -> None:
    """Start the computers' loop, play their turns after every change, and add ``/bazaar hint``."""
    svc = services(bot)
    settings = bot.settings  # type: ignore[attr-defined]
    cog = Computers(svc, settings.computer_workers, settings.computer_iterations)
    await bot.add_cog(cog)
    svc.host.committed = cog.wake
    svc.bazaar_group.add_command(make_command("hint", hint))
