"""Kairo on Discord: ``place``, ``build``, ``extend``, ``move``, ``attract``, ``draw``, ``keep``, ``pass``, ``hand``.

A build takes several engine steps in one turn (the site, then the cards, then for an extension
the coins); each command gathers them as options and the bot applies them together, in one
transaction. Every option autocompletes from the legal moves of the current state, narrowed by
the options already filled in. Buttons under the board are offered only where the choices are
public (which pile to draw from): a menu of hand cards or coins would show them to everybody.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

import engines
from bot.games import GameAdapter
from engines.base import GameError, GameState

PUBLIC_PHASES = ("draw",)
LABELS = {"take deck": "Draw from the deck", "take charlatan": "Take a charlatan", "pass": "Stop building (pass)"}


def prompt(view: dict[str, Any]) -> str:
    """What the player to move has to decide, by phase."""
    phase = view.get("phase")
    texts = {
        "place": "place a main stall and its entrance (`/cairo place`)",
        "neutral": f"place the neutral {view.get('neutral_to_place') or ''} stall (`/cairo place`)",
        "play": "build, extend or move (`/cairo build` / `extend` / `move`), attract a customer "
        "(`/cairo attract`) or draw 2 cards (`/cairo draw`)",
        "draw": "take your second card (buttons below or `/cairo draw`)",
        "keep": "you hold more than 4 building cards: choose 4 to keep (`/cairo keep`)",
        "card": "choose the cards that pay for your build (`/cairo move` with the pay option)",
        "pay": "choose the coins that pay for your extension",
        "final": "final stage: build (`/cairo build` / `extend` / `move`) or stop for good (`/cairo pass`)",
    }
    return texts.get(str(phase), "your move").replace("  ", " ")


def label(move: str) -> str:
    if move in LABELS:
        return LABELS[move]
    if move.startswith("take display "):
        return f"Take display card {move.rsplit(' ', 1)[1]}"
    return move


def public_moves(view: dict[str, Any]) -> bool:
    """Whether the legal moves may be shown under the public board."""
    return view.get("phase") in PUBLIC_PHASES


# ---- composing moves from options ----------------------------------------------------------------
def _words(move: str) -> list[str]:
    return move.split()


def after(state: GameState, steps: list[str]) -> GameState | None:
    """The state after ``steps``, or None if one of them is not legal."""
    engine = engines.get("cairo")
    try:
        for step in steps:
            state = engine.apply(state, step)
    except GameError:
        return None
    return state


def site_move(kind: str, stall: str, square: str, door: str | None) -> str:
    """The first engine step of a build."""
    stall, square = stall.strip().lower(), square.strip().lower()
    door_text = f" door {door.strip().lower()}" if door else ""
    if kind == "move":
        return f"move {stall} to {square}{door_text}"
    return f"{kind} {stall} {square}{door_text}"


async def _context(interaction: discord.Interaction) -> tuple[Any, list[str]]:
    """The current game's state and legal moves when it is the user's turn, else (None, [])."""
    from bot.commands import current_game
    from bot.host import Refused

    try:
        played = await current_game(interaction, getattr(interaction.namespace, "game", None))
    except Refused:
        return None, []
    if played.state is None or played.to_move is None or played.seat_of(interaction.user.id) != played.to_move:
        return None, []
    return played.state, played.engine.legal_moves(played.state)


def _choices(values: list[str], current: str, name: Callable[[str], str] = str) -> list[app_commands.Choice[str]]:
    seen: list[str] = []
    for value in values:
        if value not in seen and current.lower().strip() in value.lower():
            seen.append(value)
    return [app_commands.Choice(name=name(v)[:100], value=v[:100]) for v in seen[:25]]


def _field(moves: list[str], prefix: list[str], index: int) -> list[str]:
    """The ``index``-th word of the moves that start with the words ``prefix``."""
    out = []
    for move in moves:
        words = _words(move)
        if words[: len(prefix)] == prefix and len(words) > index:
            out.append(words[index])
    return out


def _namespace(interaction: discord.Interaction, name: str) -> str:
    return str(getattr(interaction.namespace, name, "") or "").strip().lower()


def site_autocomplete(kind: str, field: str) -> Callable[..., Any]:
    """Autocomplete for ``stall``, ``square`` or ``door`` of a build/place/move command."""

    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        _, moves = await _context(interaction)
        stall, square = _namespace(interaction, "stall"), _namespace(interaction, "square")
        if field == "stall":
            return _choices(_field(moves, [kind], 1), current)
        offset = 1 if kind == "move" else 0  # "move red to g7 door g8" has an extra word
        if field == "square":
            return _choices(_field(moves, [kind, stall, *(["to"] if offset else [])], 2 + offset), current)
        return _choices(_field(moves, [kind, stall, *(["to"] if offset else []), square, "door"], 4 + offset), current)

    return complete


def pay_autocomplete(kind: str) -> Callable[..., Any]:
    """Autocomplete for the cards that pay for a build, from the state after the site step."""

    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        state, _ = await _context(interaction)
        if state is None:
            return []
        door = _namespace(interaction, "door") or None
        step = site_move(kind, _namespace(interaction, "stall"), _namespace(interaction, "square"), door)
        nxt = after(state, [step])
        if nxt is None:
            return []
        return _choices(engines.get("cairo").legal_moves(nxt), current)

    return complete


async def coins_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The coin payments for an extension, cheapest first."""
    state, _ = await _context(interaction)
    if state is None:
        return []
    step = site_move("extend", _namespace(interaction, "stall"), _namespace(interaction, "square"), None)
    nxt = after(state, [step, _namespace(interaction, "pay")])
    if nxt is None:
        return []
    return _choices(engines.get("cairo").legal_moves(nxt), current)


async def _play(interaction: discord.Interaction, game: int | None, moves: list[str]) -> None:
    from bot.actions import play_moves
    from bot.commands import current_game

    played = await current_game(interaction, game)
    await play_moves(interaction, played.game.id, moves)


# ---- commands ----------------------------------------------------------------------------------
async def place(interaction: discord.Interaction, stall: str, square: str, door: str, game: int | None = None) -> None:
    """Setup: place a main stall (no card) and its entrance."""
    await _play(
        interaction, game, [f"place {stall.strip().lower()} {square.strip().lower()} door {door.strip().lower()}"]
    )


async def build(
    interaction: discord.Interaction, stall: str, square: str, door: str, pay: str, game: int | None = None
) -> None:
    """Build a new main stall with its entrance, paying with building cards."""
    await _play(interaction, game, [site_move("build", stall, square, door), pay])


async def extend(
    interaction: discord.Interaction,
    stall: str,
    square: str,
    pay: str,
    coins: str | None = None,
    game: int | None = None,
) -> None:
    """Extend your stall of a colour: cards for the square, then coins (cheapest if not chosen)."""
    from bot.commands import current_game

    played = await current_game(interaction, game)
    steps = [site_move("extend", stall, square, None), pay]
    if coins is None and played.state is not None:
        nxt = after(played.state, steps)
        if nxt is not None and engines.get("cairo").to_move(nxt) == played.to_move:
            options = [m for m in engines.get("cairo").legal_moves(nxt) if m.startswith("pay ")]
            coins = options[0] if options else None
    await _play(interaction, game, [*steps, *([coins] if coins else [])])


async def move(
    interaction: discord.Interaction, stall: str, square: str, door: str, pay: str, game: int | None = None
) -> None:
    """Move one of your unextended main stalls that cannot be extended."""
    await _play(interaction, game, [site_move("move", stall, square, door), pay])


async def attract(interaction: discord.Interaction, customer: str, entrance: str, game: int | None = None) -> None:
    """Send a customer to a free entrance of its colour (charlatans are spent to skip nearer ones)."""
    await _play(interaction, game, [f"attract {customer.strip().lower()} to {entrance.strip().lower()}"])


async def customer_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    _, moves = await _context(interaction)
    return _choices(_field(moves, ["attract"], 1), current)


async def entrance_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    _, moves = await _context(interaction)
    return _choices(_field(moves, ["attract", _namespace(interaction, "customer"), "to"], 3), current)


async def draw(
    interaction: discord.Interaction, first: str, second: str | None = None, game: int | None = None
) -> None:
    """Draw cards: first and second pick from the display (1–4), the deck or the charlatans."""
    picks = [_take(first)] + ([_take(second)] if second else [])
    await _play(interaction, game, picks)


def _take(pick: str) -> str:
    text = pick.strip().lower()
    return text if text.startswith("take ") else f"take {text}"


async def draw_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    _, moves = await _context(interaction)
    takes = [m.removeprefix("take ") for m in moves if m.startswith("take ")]
    return _choices(takes, current, lambda v: label(f"take {v}"))


async def keep(interaction: discord.Interaction, cards: str, game: int | None = None) -> None:
    """Hand limit: the 4 building cards to keep (e.g. NW N C west)."""
    text = cards.strip()
    await _play(interaction, game, [text if text.lower().startswith("keep") else f"keep {text}"])


async def keep_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    _, moves = await _context(interaction)
    return _choices([m.removeprefix("keep ") for m in moves if m.startswith("keep ")], current)


async def pass_(interaction: discord.Interaction, game: int | None = None) -> None:
    """Final stage: stop building for the rest of the game."""
    await _play(interaction, game, ["pass"])


async def hand(interaction: discord.Interaction, game: int | None = None) -> None:
    """Your building cards, coins, charlatans and medals (only you see them)."""
    import asyncio

    from bot.commands import current_game
    from bot.host import Refused
    from render.cairo import render_hand

    played = await current_game(interaction, game)
    seat = played.seat_of(interaction.user.id)
    if seat is None or played.state is None:
        raise Refused("Only players of a started game have a hand.")
    view = played.engine.view(played.state, seat)
    view["names"] = played.names
    png = await asyncio.to_thread(render_hand, view)
    me = view["players"][seat]
    coins = ", ".join(f"{c} {v}" for c, v in (me.get("coins") or {}).items())
    text = f"Your hand: {' '.join(me.get('hand') or []) or 'no cards'}. Coins: {coins}."
    file = discord.File(io.BytesIO(png), filename=f"cairo-{played.game.id}-hand.png")
    await interaction.response.send_message(text, file=file, ephemeral=True)


def add_commands(group: app_commands.Group) -> None:
    from bot.commands import make_command

    def with_sites(command: Any, kind: str) -> Any:
        for field in ("stall", "square", "door"):
            if command.get_parameter(field) is not None:
                command.autocomplete(field)(site_autocomplete(kind, field))
        return command

    group.add_command(with_sites(make_command("place", place), "place"))
    for name, callback in (("build", build), ("extend", extend), ("move", move)):
        command = with_sites(make_command(name, callback), name)
        command.autocomplete("pay")(pay_autocomplete(name))
        if name == "extend":
            command.autocomplete("coins")(coins_autocomplete)
        group.add_command(command)
    attract_command = make_command("attract", attract)
    attract_command.autocomplete("customer")(customer_autocomplete)
    attract_command.autocomplete("entrance")(entrance_autocomplete)
    group.add_command(attract_command)
    draw_command = make_command("draw", draw)
    draw_command.autocomplete("first")(draw_autocomplete)
    draw_command.autocomplete("second")(draw_autocomplete)
    group.add_command(draw_command)
    keep_command = make_command("keep", keep)
    keep_command.autocomplete("cards")(keep_autocomplete)
    group.add_command(keep_command)
    group.add_command(make_command("pass", pass_))
    group.add_command(make_command("hand", hand))


ADAPTER = GameAdapter("cairo", add_commands=add_commands, prompt=prompt, label=label, public_moves=public_moves)
