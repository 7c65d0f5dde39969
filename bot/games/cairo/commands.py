"""Kairo on Discord: ``place``, ``build``, ``extend``, ``move``, ``attract``, ``draw``, ``keep``, ``pass``, ``hand``.

A build is several engine moves (the site, then the cards, then for an extension the coins); each
command gathers them as options and the host applies them together, whole or not at all. Every
option autocompletes from the legal moves of the current state, narrowed by the options already
filled in (``bot.games.cairo.choices``), and only for the player to move. Buttons under the board
are offered only where the choices are public (which pile to draw from): a menu of hand cards or
coins would show them to everybody. ``/cairo hand`` shows a player their cards and coins, to them alone.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.played import Played
from bot.core.text import CHOICE_LIMIT, shorten
from bot.core.wording import Say, say_for
from bot.games.cairo import choices as options
from bot.games.cairo.choices import Choice, coins_step, keep_step, pay_step, site_step, take_step
from bot.games.cairo.words import hand_words
from bot.ui.context import GameId, add_command, current_game, my_turn, target
from bot.ui.moves import MoveRequest, make_moves
from bot.ui.private import send_hand
from bot.ui.services import GameUI, services
from engines.cairo import CairoState

GAME = "cairo"
OPTION_NAMES = ("stall", "square", "door", "pay", "coins", "customer", "entrance", "first", "second", "cards")
"""Every option of the Kairo commands whose typed value narrows the choices of another."""
Completer = Callable[[discord.Interaction, str], Awaitable[list[app_commands.Choice[str]]]]


# ---- autocomplete -----------------------------------------------------------------------------------------
def typed(interaction: discord.Interaction) -> dict[str, str]:
    """The Kairo options filled in so far."""
    found = {name: getattr(interaction.namespace, name, None) for name in OPTION_NAMES}
    return {name: str(value) for name, value in found.items() if value is not None}


def as_choices(found: Sequence[Choice]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=shorten(c.label, CHOICE_LIMIT), value=c.value[:CHOICE_LIMIT]) for c in found[:25]]


@dataclass(frozen=True)
class Asked:
    """One autocomplete request on the user's turn: the game state, the options so far, the typed text."""

    state: CairoState
    names: list[str]
    chosen: dict[str, str]
    current: str
    locale: str | None = None
    """The asker's language; None: the current reader's (``bot.ui.reader.adopt`` set it from the interaction)."""

    def option(self, name: str) -> str:
        return self.chosen.get(name, "")

    @property
    def say(self) -> Say:
        """The labels' words: the game's catalog in the asker's language, with the players' names."""
        return say_for(GAME, tuple(self.names), self.locale)


def completer(choose: Callable[[Asked], list[Choice]]) -> Completer:
    """An autocomplete callback offering ``choose(asked)`` to the player to move (nothing to anyone else)."""

    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        played = await my_turn(interaction)
        if played is None or not isinstance(played.state, CairoState):
            return []
        try:
            return as_choices(choose(Asked(played.state, played.names, typed(interaction), current[:200])))
        except (ValueError, KeyError):
            return []

    return complete


def site_completer(kind: str, field: str) -> Completer:
    """Autocomplete for ``stall``/``square``/``door`` (or ``customer``/``entrance``) of a ``kind`` command."""
    return completer(lambda a: options.site_choices(a.state, kind, field, a.chosen, a.current, a.names, a.say))


def pay_completer(kind: str) -> Completer:
    """Autocomplete for the cards paying for a build, given its site."""

    def choose(asked: Asked) -> list[Choice]:
        site = site_step(kind, asked.option("stall"), asked.option("square"), asked.chosen.get("door"))
        return options.pay_choices(asked.state, site, asked.current, asked.say)

    return completer(choose)


def _coins(asked: Asked) -> list[Choice]:
    steps = [site_step("extend", asked.option("stall"), asked.option("square")), pay_step(asked.option("pay"))]
    return options.coins_choices(asked.state, steps, asked.current, asked.say)


def _first_pick(asked: Asked) -> list[Choice]:
    return options.take_choices(asked.state, None, asked.current, asked.say)


def _second_pick(asked: Asked) -> list[Choice]:
    if asked.state.phase == "draw":
        return []  # the first pick was made already (with a button): this draw has one pick left
    return options.take_choices(asked.state, asked.chosen.get("first"), asked.current, asked.say)


def _keep(asked: Asked) -> list[Choice]:
    return options.keep_choices(asked.state, asked.current, asked.say)


# ---- commands -------------------------------------------------------------------------------------------------
async def _play(interaction: discord.Interaction, game: int | None, steps: list[str]) -> None:
    """Apply ``steps`` together, in one transaction, against the version the command arrived at."""
    aim = await target(interaction, game)
    await make_moves(interaction, MoveRequest.at(aim, steps))


async def place(
    interaction: discord.Interaction, stall: str, square: str, door: str, game: GameId | None = None
) -> None:
    """Start of the game: place a main stall and its entrance, no card needed.

    Args:
        stall: The colour of your main stall (the neutral stall's colour when placing it).
        square: Where the stall stands (type a column letter or a sector to narrow the list).
        door: Its entrance: a free souk square next to the stall.
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, [site_step("place", stall, square, door)])


async def build(
    interaction: discord.Interaction, stall: str, square: str, door: str, pay: str, game: GameId | None = None
) -> None:
    """Build a new main stall with its entrance, paying with building cards.

    Args:
        stall: The colour of the new main stall.
        square: Where the stall stands (type a column letter or a sector to narrow the list).
        door: Its entrance: a free souk square next to the stall.
        pay: The cards: one for the sector, a wildcard and a coin, or three cards.
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, [site_step("build", stall, square, door), pay_step(pay)])


async def extend(
    interaction: discord.Interaction,
    stall: str,
    square: str,
    pay: str,
    coins: str | None = None,
    game: GameId | None = None,
) -> None:
    """Extend one of your stalls: cards for the square, then coins (the cheapest if not chosen).

    Args:
        stall: The colour of your stall to extend.
        square: The free square next to it.
        pay: The cards: one for the sector, a wildcard and a coin, or three cards.
        coins: The coins (the new size in value; other colours count 2 for 1). Default: the cheapest way.
        game: The game number (not needed inside the game's thread).
    """
    aim = await target(interaction, game)
    steps = [site_step("extend", stall, square), pay_step(pay)]
    last = coins_step(coins) if coins else _cheapest_coins(aim.played, steps)
    await make_moves(interaction, MoveRequest.at(aim, [*steps, last]))


def _cheapest_coins(played: Played, steps: list[str]) -> str:
    """The first (cheapest) coin payment after ``steps``; ``pay`` alone (refused, with the rule) if none."""
    found: list[options.Choice] = (
        options.coins_choices(played.state, steps, "") if isinstance(played.state, CairoState) else []
    )
    return found[0].value if found else "pay"


async def move(
    interaction: discord.Interaction, stall: str, square: str, door: str, pay: str, game: GameId | None = None
) -> None:
    """Move one of your main stalls that has no extension and can never get one.

    Args:
        stall: The colour of the main stall to move.
        square: Its new square.
        door: Its new entrance.
        pay: The cards for the new square: one for the sector, a wildcard and a coin, or three cards.
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, [site_step("move", stall, square, door), pay_step(pay)])


async def attract(interaction: discord.Interaction, customer: str, entrance: str, game: GameId | None = None) -> None:
    """Send a customer to a free entrance of its colour; you and the stall's owner earn coins.

    Args:
        customer: The colour of a customer in the souk.
        entrance: The free entrance it walks to (charlatans are spent to pass nearer ones).
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, [f"attract {options.clean(customer)} to {options.clean(entrance)}"])


async def draw(
    interaction: discord.Interaction, first: str, second: str | None = None, game: GameId | None = None
) -> None:
    """Draw 2 cards: each a face-up card, the top card of the deck or a charlatan.

    Args:
        first: The first pick (or the second, when you already took one with the buttons).
        second: The second pick.
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, [take_step(first), *([take_step(second)] if second else [])])


async def keep(interaction: discord.Interaction, cards: str, game: GameId | None = None) -> None:
    """Over the hand limit after drawing: the 4 building cards to keep (the others are discarded).

    Args:
        cards: The 4 cards to keep, e.g. NW N C west.
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, [keep_step(cards)])


async def pass_(interaction: discord.Interaction, game: GameId | None = None) -> None:
    """Final stage: stop building for good (at the start: skip a stall that has no square left).

    Args:
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, ["pass"])


async def hand(interaction: discord.Interaction, game: GameId | None = None) -> None:
    """Your building cards, coins, charlatans and medals (only you see them).

    Args:
        game: The game number (not needed inside the game's thread).
    """
    await send_hand(interaction, await current_game(interaction, game), hand_text)


def hand_text(played: Played, seat: int) -> str:
    """``Your hand: NW, N, west. Coins: 1 red, 2 blue (value 3). Charlatans: 1.``"""
    return hand_words(played.view(seat), seat, say_for(GAME, tuple(played.names)))


# ---- the extension ---------------------------------------------------------------------------------------------
async def setup(bot: commands.Bot) -> None:
    """The Kairo commands on ``/cairo``, each option wired to its autocomplete; the draw's buttons are public."""
    svc = services(bot)
    group = svc.game_groups[GAME]

    def command(name: str, callback: Any, completers: dict[str, Completer]) -> None:
        add_command(group, name, callback, completers)

    sites = ("stall", "square", "door")
    command("place", place, {field: site_completer("place", field) for field in sites})
    for name, callback in (("build", build), ("move", move)):
        command(name, callback, {**{f: site_completer(name, f) for f in sites}, "pay": pay_completer(name)})
    extend_fields = {f: site_completer("extend", f) for f in ("stall", "square")}
    command("extend", extend, {**extend_fields, "pay": pay_completer("extend"), "coins": completer(_coins)})
    command("attract", attract, {f: site_completer("attract", f) for f in ("customer", "entrance")})
    command("draw", draw, {"first": completer(_first_pick), "second": completer(_second_pick)})
    command("keep", keep, {"cards": completer(_keep)})
    command("pass", pass_, {})
    command("hand", hand, {})
    svc.game_ui[GAME] = GameUI(public_moves=options.public_moves)
