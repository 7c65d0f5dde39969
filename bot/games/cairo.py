"""Kairo on Discord: ``place``, ``build``, ``extend``, ``move``, ``attract``, ``draw``, ``keep``, ``pass``, ``hand``.

A build takes several engine steps in one turn (the site, then the cards, then for an extension
the coins); each command gathers them as options and the bot applies them together, in one
transaction. Every option autocompletes from the legal moves of the current state, narrowed by
the options already filled in (``bot.games.cairo_choices``). Buttons under the board are offered
only where the choices are public (which pile to draw from): a menu of hand cards or coins would
show them to everybody. ``/cairo hand`` shows a player their cards and coins, to them alone.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.games import GameAdapter
from bot.games import cairo_choices as options
from bot.games.cairo_choices import Choice, coins_step, keep_step, pay_step, site_step, take_step
from engines.cairo_state import CairoState

if TYPE_CHECKING:
    from bot.host import Played

PUBLIC_PHASES = ("draw",)
"""Phases whose legal moves may be offered as buttons under the public board."""
LABELS = {"take deck": "Draw from the deck", "take charlatan": "Take a charlatan", "pass": "Stop building (pass)"}
OPTION_NAMES = ("stall", "square", "door", "pay", "coins", "customer", "entrance", "first", "second", "cards")
"""Every option of the Kairo commands whose typed value narrows the choices of another."""
Completer = Callable[[discord.Interaction, str], Awaitable[list[app_commands.Choice[str]]]]


# ---- what the board says and shows ------------------------------------------------------------------
def prompt(view: dict[str, Any]) -> str:
    """What the player to move has to do next, in plain words, by phase (public information only)."""
    phase = str(view.get("phase"))
    if phase == "card":
        return f"pay for {_pending_text(view)} with building cards (`/cairo play`: card …, wild … coin …, or cards …)"
    if phase == "pay":
        return f"pay the coins for {_pending_text(view)} (`/cairo play`: pay …)"
    texts = {
        "place": "place one of your main stalls with its entrance, no card needed (`/cairo place`; "
        "`/cairo pass` only if no square is left)",
        "neutral": f"place the neutral {view.get('neutral_to_place') or ''} stall drawn from the bag (`/cairo place`)",
        "play": "build a new stall (`/cairo build`), extend one (`/cairo extend`) or move one (`/cairo move`), "
        "send a customer to a stall (`/cairo attract`), or draw 2 cards (`/cairo draw`); "
        "`/cairo hand` shows your cards and coins",
        "draw": "take your second card: choose it below or with `/cairo draw`",
        "keep": "you hold more than 4 building cards: choose the 4 to keep (`/cairo keep`)",
        "final": "final stage: build (`/cairo build`), extend (`/cairo extend`) or move (`/cairo move`), "
        "or stop building for good (`/cairo pass`)",
    }
    return " ".join(texts.get(phase, "your move").split())


def _pending_text(view: dict[str, Any]) -> str:
    pending = view.get("pending") or {}
    colour, square = pending.get("colour", ""), pending.get("square", "")
    if pending.get("action") == "extend":
        return f"the {colour} extension at {square} (price {pending.get('price')})"
    verb = "new" if pending.get("action") == "build" else "moved"
    return f"the {verb} {colour} main stall at {square}"


def label(move: str, view: dict[str, Any] | None = None) -> str:
    """A button's words for a move of the public draw phase (naming the face-up card when the view is given)."""
    if move in LABELS:
        return LABELS[move]
    if move.startswith("take display "):
        slot = int(move.rsplit(" ", 1)[1])
        card = _display_card(view, slot)
        return f"Take {card} (face-up {slot})" if card else f"Take face-up card {slot} (from the left)"
    return move


def _display_card(view: dict[str, Any] | None, slot: int) -> str | None:
    """The label of the face-up card in ``slot`` (1-based), if the view shows it."""
    if not view:
        return None
    display = view.get("display") or []
    name = display[slot - 1] if 0 < slot <= len(display) else None
    info = (view.get("cards") or {}).get(name) if name else None
    if not info:
        return name
    kind = " wildcard" if info.get("kind") == "wild" else ""
    return f"{info.get('label', name)}{kind}"


def public_moves(view: dict[str, Any]) -> bool:
    """Whether the legal moves may be shown under the public board."""
    return view.get("phase") in PUBLIC_PHASES


# ---- autocomplete -------------------------------------------------------------------------------------
async def my_turn(interaction: discord.Interaction) -> Played | None:
    """The command's game when it is the user's turn in it, else None (then nothing is offered)."""
    from bot.commands import current_game
    from bot.host import Refused

    try:
        played = await current_game(interaction, getattr(interaction.namespace, "game", None))
    except Refused:
        return None
    if played.state is None or played.to_move is None or played.seat_of(interaction.user.id) != played.to_move:
        return None
    return played


def typed(interaction: discord.Interaction) -> dict[str, str]:
    """The Kairo options filled in so far."""
    found = {name: getattr(interaction.namespace, name, None) for name in OPTION_NAMES}
    return {name: str(value) for name, value in found.items() if value is not None}


def as_choices(found: Sequence[Choice]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=choice.label[:100], value=choice.value[:100]) for choice in found]


@dataclass(frozen=True)
class Asked:
    """One autocomplete request on the user's turn: the game state, the options so far, the typed text."""

    state: CairoState
    names: list[str]
    chosen: dict[str, str]
    current: str

    def option(self, name: str) -> str:
        return self.chosen.get(name, "")


def completer(choose: Callable[[Asked], list[Choice]]) -> Completer:
    """An autocomplete callback offering ``choose(asked)`` to the player to move (nothing to anyone else)."""

    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        played = await my_turn(interaction)
        if played is None or not isinstance(played.state, CairoState):
            return []
        return as_choices(choose(Asked(played.state, played.names, typed(interaction), current)))

    return complete


def site_completer(kind: str, field: str) -> Completer:
    """Autocomplete for ``stall``/``square``/``door`` (or ``customer``/``entrance``) of a ``kind`` command."""
    return completer(lambda a: options.site_choices(a.state, kind, field, a.chosen, a.current, a.names))


def pay_completer(kind: str) -> Completer:
    """Autocomplete for the cards paying for a build, given its site."""

    def choose(asked: Asked) -> list[Choice]:
        site = site_step(kind, asked.option("stall"), asked.option("square"), asked.chosen.get("door"))
        return options.pay_choices(asked.state, site, asked.current)

    return completer(choose)


def _coins(asked: Asked) -> list[Choice]:
    steps = [site_step("extend", asked.option("stall"), asked.option("square")), pay_step(asked.option("pay"))]
    return options.coins_choices(asked.state, steps, asked.current)


def _first_pick(asked: Asked) -> list[Choice]:
    return options.take_choices(asked.state, None, asked.current)


def _second_pick(asked: Asked) -> list[Choice]:
    if asked.state.phase == "draw":
        return []  # the first pick was made already (with a button): this draw has one pick left
    return options.take_choices(asked.state, asked.chosen.get("first"), asked.current)


def _keep(asked: Asked) -> list[Choice]:
    return options.keep_choices(asked.state, asked.current)


# ---- commands ----------------------------------------------------------------------------------------
async def _play(interaction: discord.Interaction, game: int | None, steps: list[str]) -> None:
    """Apply ``steps`` together, in one transaction."""
    from bot.actions import play_moves
    from bot.commands import current_game

    played = await current_game(interaction, game)
    await play_moves(interaction, played.game.id, steps)


async def place(interaction: discord.Interaction, stall: str, square: str, door: str, game: int | None = None) -> None:
    """Start of the game: place a main stall and its entrance, no card needed.

    Args:
        stall: The colour of your main stall (the neutral stall's colour when placing it).
        square: Where the stall stands (type a column letter or a sector to narrow the list).
        door: Its entrance: a free souk square next to the stall.
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, [site_step("place", stall, square, door)])


async def build(
    interaction: discord.Interaction, stall: str, square: str, door: str, pay: str, game: int | None = None
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
    game: int | None = None,
) -> None:
    """Extend one of your stalls: cards for the square, then coins (the cheapest if not chosen).

    Args:
        stall: The colour of your stall to extend.
        square: The free square next to it.
        pay: The cards: one for the sector, a wildcard and a coin, or three cards.
        coins: The coins (the new size in value; other colours count 2 for 1). Default: the cheapest way.
        game: The game number (not needed inside the game's thread).
    """
    from bot.commands import current_game

    played = await current_game(interaction, game)
    steps = [site_step("extend", stall, square), pay_step(pay)]
    await _play(interaction, game, [*steps, coins_step(coins) if coins else _cheapest_coins(played, steps)])


def _cheapest_coins(played: Played, steps: list[str]) -> str:
    """The first (cheapest) coin payment after ``steps``; ``pay`` alone (refused, with the rule) if none."""
    found = options.coins_choices(played.state, steps, "") if isinstance(played.state, CairoState) else []
    return found[0].value if found else "pay"


async def move(
    interaction: discord.Interaction, stall: str, square: str, door: str, pay: str, game: int | None = None
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


async def attract(interaction: discord.Interaction, customer: str, entrance: str, game: int | None = None) -> None:
    """Send a customer to a free entrance of its colour; you and the stall's owner earn coins.

    Args:
        customer: The colour of a customer in the souk.
        entrance: The free entrance it walks to (charlatans are spent to pass nearer ones).
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, [f"attract {options.clean(customer)} to {options.clean(entrance)}"])


async def draw(
    interaction: discord.Interaction, first: str, second: str | None = None, game: int | None = None
) -> None:
    """Draw 2 cards: each a face-up card, the top card of the deck or a charlatan.

    Args:
        first: The first pick (or the second, when you already took one with the buttons).
        second: The second pick.
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, [take_step(first), *([take_step(second)] if second else [])])


async def keep(interaction: discord.Interaction, cards: str, game: int | None = None) -> None:
    """Over the hand limit after drawing: the 4 building cards to keep (the others are discarded).

    Args:
        cards: The 4 cards to keep, e.g. NW N C west.
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, [keep_step(cards)])


async def pass_(interaction: discord.Interaction, game: int | None = None) -> None:
    """Final stage: stop building for good (at the start: skip a stall that has no square left).

    Args:
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, ["pass"])


async def hand(interaction: discord.Interaction, game: int | None = None) -> None:
    """Your building cards, coins, charlatans and medals (only you see them).

    Args:
        game: The game number (not needed inside the game's thread).
    """
    from bot.commands import current_game
    from bot.host import Refused
    from render.cairo import render_hand

    played = await current_game(interaction, game)
    seat = played.seat_of(interaction.user.id)
    if seat is None or played.state is None:
        raise Refused("Only the players of a started game have a hand.")
    view = played.engine.view(played.state, seat)
    view["names"] = played.names
    png = await asyncio.to_thread(render_hand, view)
    file = discord.File(io.BytesIO(png), filename=f"cairo-{played.game.id}-hand.png")
    await interaction.response.send_message(hand_text(view["players"][seat]), file=file, ephemeral=True)


def hand_text(player: dict[str, Any]) -> str:
    """``Your hand: NW, N, west. Coins: 1 red, 2 blue (value 3). Charlatans: 1.``"""
    cards = ", ".join(player.get("hand") or []) or "no building cards"
    coins = ", ".join(f"{value} {colour}" for colour, value in (player.get("coins") or {}).items() if value)
    return (
        f"Your hand: {cards}. Coins: {coins or 'none'} (value {player.get('coin_value', 0)}). "
        f"Charlatans: {player.get('charlatans', 0)}."
    )


# ---- the group ---------------------------------------------------------------------------------------
def add_commands(group: app_commands.Group) -> None:
    """The Kairo commands, each option wired to its autocomplete."""
    from bot.commands import make_command

    def command(name: str, callback: Any, completers: dict[str, Completer]) -> None:
        made = make_command(name, callback)
        for option, complete in completers.items():
            made.autocomplete(option)(complete)
        group.add_command(made)

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


ADAPTER = GameAdapter("cairo", add_commands=add_commands, prompt=prompt, label=label, public_moves=public_moves)
