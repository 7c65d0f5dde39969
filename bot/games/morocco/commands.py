"""Morocco on Discord: ``scout``, ``worker``, ``gold``, ``die``, ``reward``, ``arrow``, ``tourist``, ``keep``, ``pass``.

Every option autocompletes from what is legal and affordable now for the player to move, narrowed by
the options already filled in (``bot.games.morocco.choices``). Everything a Morocco player decides is
public (cubes, gold and workers are on the table), so the common choices — the rooftop spaces, the
wild die's colour, the reward, the arrow, a tourist's new space, the cube to keep — are also buttons
or a menu under the board.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.refused import Refused
from bot.core.text import CHOICE_LIMIT, shorten
from bot.core.wording import say_for
from bot.games.morocco.choices import Choice as MoveChoice
from bot.games.morocco.choices import clean, moves_starting, narrow, worker_choices, worker_move
from bot.ui.context import GameId, add_command, my_turn, target
from bot.ui.moves import MoveRequest, make_moves
from bot.ui.services import GameUI, services
from engines.base import GameError

GAME = "morocco"
Completer = Callable[[discord.Interaction, str], Awaitable[list[app_commands.Choice[str]]]]
Kind = Literal["assistant", "bodyguard", "tourist", "cousin"]
EMOJI = {"reward gold": "🪙", "reward bodyguard": "🛡️", "arrow north": "⬆️", "arrow east": "➡️"}
EMOJI |= {"arrow south": "⬇️", "arrow west": "⬅️"}


def as_choices(found: list[MoveChoice]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=shorten(c.label, CHOICE_LIMIT), value=c.value[:CHOICE_LIMIT]) for c in found]


def word_completer(word: str) -> Completer:
    """Autocomplete for a command whose moves all start with ``word`` (``scout``, ``swap``, ``wild`` …)."""

    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        played = await my_turn(interaction)
        if played is None:
            return []
        say = say_for(GAME, tuple(played.names))
        view = played.view(None)
        values = moves_starting(played.engine.legal_moves(played.state), word)
        return as_choices(narrow([MoveChoice(say.label(f"{word} {v}", view), v) for v in values], current))

    return complete


def worker_completer(field: str) -> Completer:
    """Autocomplete for one option of ``/morocco worker``, narrowed by the others."""

    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        played = await my_turn(interaction)
        if played is None:
            return []
        typed = {name: str(getattr(interaction.namespace, name, None) or "") for name in ("kind", "stall", "space")}
        typed |= {name: str(getattr(interaction.namespace, name, None) or "") for name in ("then", "cube")}
        say = say_for(GAME, tuple(played.names))
        moves = played.engine.legal_moves(played.state)
        found = worker_choices(moves, field, typed, current[:100], played.view(None).details, say)
        return as_choices(found)

    return complete


async def _play(interaction: discord.Interaction, game: int | None, moves: list[str]) -> None:
    aim = await target(interaction, game)
    await make_moves(interaction, MoveRequest.at(aim, moves))


# ---- commands --------------------------------------------------------------------------------------------
async def scout(interaction: discord.Interaction, space: str, game: GameId | None = None) -> None:
    """Move the rooftop pawn to another ring space: you take its two neighbours' cubes, the others one each.

    Args:
        space: The ring space (1–5, or the colour of its cube).
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, [f"scout {clean(space)}"])


async def worker(
    interaction: discord.Interaction,
    kind: Kind,
    stall: str,
    space: str,
    then: str | None = None,
    cube: str | None = None,
    game: GameId | None = None,
) -> None:
    """Place a worker on a stall's corner, paying its row and column cubes.

    Args:
        kind: Assistant or bodyguard (row + column cube), tourist (+1 cube), cousin (+1 cube, then a free assistant).
        stall: The stall (a1–e5); the list shows what each costs.
        space: The corner (nw, ne, sw, se).
        then: A cousin's free assistant: a corner of an adjacent stall at the same point.
        cube: The extra cube a tourist or a cousin pays.
        game: The game number (not needed inside the game's thread).
    """
    try:
        await _play(interaction, game, [worker_move(kind, stall, space, then, cube)])
    except GameError as error:  # the engine's words show the notation; this command's player needs its options
        if error.code == "bad_form" and kind == "cousin" and not then:
            raise Refused("cousin_then_option") from error
        if error.code == "extra_cube_needed":
            raise Refused("extra_cube_option") from error
        raise


async def gold(interaction: discord.Interaction, swap: str, game: GameId | None = None) -> None:
    """Spend a gold coin to swap two row cubes or two column cubes (any number of times in your turn).

    Args:
        swap: The two rows (rows 1 3) or columns (columns b d).
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, [f"swap {clean(swap)}"])


async def die(interaction: discord.Interaction, colour: str, game: GameId | None = None) -> None:
    """The market die came up wild: take a cube of the colour you choose.

    Args:
        colour: The cube's colour.
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, [f"wild {clean(colour)}"])


async def reward(
    interaction: discord.Interaction, choice: Literal["gold", "bodyguard"], game: GameId | None = None
) -> None:
    """Your place in a stall's scoring gives gold or a bodyguard: choose.

    Args:
        choice: A gold coin or a bodyguard.
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, [f"reward {choice}"])


async def arrow(
    interaction: discord.Interaction, direction: Literal["north", "east", "south", "west"], game: GameId | None = None
) -> None:
    """Point the arrow of your new market tile at a neighbouring stall (an open one if there is one).

    Args:
        direction: Where the arrow points.
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, [f"arrow {direction}"])


async def tourist(interaction: discord.Interaction, space: str, game: GameId | None = None) -> None:
    """Your tourist moves along the arrow: choose its free space in the stall the arrow points at.

    Args:
        space: The stall and corner, e.g. c4 nw.
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, [f"tourist to {clean(space)}"])


async def keep(interaction: discord.Interaction, colour: str, game: GameId | None = None) -> None:
    """End of the round: the one cube you keep for the next round.

    Args:
        colour: The cube's colour.
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, [f"keep {clean(colour)}"])


async def pass_(interaction: discord.Interaction, game: GameId | None = None) -> None:
    """No worker can be placed this turn: pass.

    Args:
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, ["pass"])


# ---- the extension -----------------------------------------------------------------------------------------
async def setup(bot: commands.Bot) -> None:
    """The Morocco commands on ``/morocco``, each option wired to its autocomplete."""
    svc = services(bot)
    group = svc.game_groups[GAME]

    def command(name: str, callback: Any, completers: dict[str, Completer]) -> None:
        add_command(group, name, callback, completers)

    command("scout", scout, {"space": word_completer("scout")})
    fields = ("stall", "space", "then", "cube")
    command("worker", worker, {field: worker_completer(field) for field in fields})
    command("gold", gold, {"swap": word_completer("swap")})
    command("die", die, {"colour": word_completer("wild")})
    command("reward", reward, {})
    command("arrow", arrow, {})
    command("tourist", tourist, {"space": word_completer("tourist to")})
    command("keep", keep, {"colour": word_completer("keep")})
    command("pass", pass_, {})
    svc.game_ui[GAME] = GameUI(emoji=EMOJI)
