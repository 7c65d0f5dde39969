"""Jambo on Discord: ``draw``, ``play``, ``use``, ``decide``, ``bid``, ``pass``, ``react``, ``orders``, ``end``,
``hand``.

Almost everything in Jambo is hidden, so almost nothing is a button under the public board: a
player's choices come to them alone. After each of their moves the private reply offers the next
choice as buttons or a menu (keep or discard the card drawn, the wares a card returns, the card to
give), and ``/jambo hand`` shows the hand with the decision still waiting — ephemeral messages vanish,
so the hand brings it back. A card that needs several choices is held as a private draft until the
last one (``bot.ui.moves``). Auction bids are public (the gold is on the table), so they are a menu
under the board too.

Reactions (Guard, Rain Maker) follow the player's standing orders (``/jambo orders``), never their
hand: whether the game waits for an answer does not tell the other player what they hold.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.played import Played
from bot.core.records import GameRecord
from bot.core.refused import Refused
from bot.core.text import CHOICE_LIMIT, fit_message, shorten
from bot.core.wording import say_for
from bot.games.jambo import words
from bot.ui.components import GameSelect, persistent_view
from bot.ui.context import GameId, add_command, current_game, my_turn, target
from bot.ui.drafts import drafts_of
from bot.ui.errors import reply_private
from bot.ui.moves import MoveRequest, defer, make_moves, offer_draft, split_moves
from bot.ui.private import send_hand
from bot.ui.services import GameUI, services
from engines.base import View
from engines.jambo.cards import SELL_PRICES

GAME = "jambo"
Completer = Callable[[discord.Interaction, str], Awaitable[list[app_commands.Choice[str]]]]
PUBLIC_DECISIONS = ("bid_open", "bid_raise")
"""Decisions whose choices may be shown to everybody: bids (the bidder's gold is public)."""
PLAY_WORDS = ("play ", "buy ", "sell ")
Mode = Literal["ask", "auto", "never"]
GUARD_MODES = ("ask", "auto", "never")
RAIN_MODES = ("never", "ask", "auto")
GUARD_ORDERS = [(mode, f"orders guard {mode}") for mode in GUARD_MODES]
RAIN_ORDERS = [(mode, f"orders rain maker {mode}") for mode in RAIN_MODES]
"""The orders menus' choices: each mode and its standing move (the menu's value)."""
NO_PINGS = discord.AllowedMentions.none()
MAX_SELL = max(SELL_PRICES)


def bid_shortlist(moves: list[str], view: View) -> list[str]:
    """Too many bids for a menu: the next ten, a few round raises, everything you have, and pass."""
    bids = [m for m in moves if m.startswith("bid ")]
    amounts = sorted(int(m.split()[1]) for m in bids)
    if not amounts:
        return moves[:25]
    low = amounts[0]
    wanted = [*amounts[:10], *(a for a in amounts if a > low and (a - low) % 5 == 0), amounts[-1]]
    kept = [f"bid {a}" for a in dict.fromkeys(wanted)][:22]
    return [*kept, *(m for m in moves if not m.startswith("bid "))]


def public_moves(view: View) -> bool:
    """Bids may be buttons under the public board; every other choice is the chooser's alone."""
    return view.decision is not None and view.decision.code in PUBLIC_DECISIONS


def moves_completer(keep: Callable[[str], bool]) -> Completer:
    """Autocomplete with the user's legal moves that ``keep`` accepts, labelled with what they do."""

    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        played = await my_turn(interaction)
        if played is None:
            return []
        say = say_for(GAME, tuple(played.names))
        view = played.view(played.to_move_player)
        words = current.lower().split()
        found = []
        for move in played.engine.legal_moves(played.state):
            label = say.label(move, view)
            if keep(move) and all(w in f"{label} {move}".lower() for w in words):
                found.append(app_commands.Choice(name=shorten(label, CHOICE_LIMIT), value=move[:CHOICE_LIMIT]))
        return found[:25]

    return complete


async def _play(interaction: discord.Interaction, game: int | None, moves: list[str]) -> None:
    aim = await target(interaction, game)
    await make_moves(interaction, MoveRequest.at(aim, moves))


# ---- commands ------------------------------------------------------------------------------------------
async def draw(interaction: discord.Interaction, game: GameId | None = None) -> None:
    """Phase 1: draw a card (an action); only you see it, then keep it or discard it and draw again.

    Args:
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, ["draw"])


async def play(interaction: discord.Interaction, card: str, game: GameId | None = None) -> None:
    """Play a card from your hand: buy or sell with a ware card, or a person, animal or utility card.

    Args:
        card: The card and what you do with it (the list shows what each does).
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, split_moves(card))


async def use(interaction: discord.Interaction, utility: str, game: GameId | None = None) -> None:
    """Use one of your utilities in play (each once per turn, for an action).

    Args:
        utility: The utility and its choice.
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, split_moves(utility))


async def decide(interaction: discord.Interaction, choice: str, game: GameId | None = None) -> None:
    """Answer the decision waiting for you: keep or discard, take, give, return, choose.

    Args:
        choice: Your answer (the list shows what is possible now).
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, split_moves(choice))


async def bid(
    interaction: discord.Interaction, amount: app_commands.Range[int, 1, 1000], game: GameId | None = None
) -> None:
    """Bid in an auction (more than the bid before; never more gold than you have).

    Args:
        amount: Your bid in gold.
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, [f"bid {amount}"])


async def pass_(interaction: discord.Interaction, game: GameId | None = None) -> None:
    """Pass in an auction.

    Args:
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, ["pass"])


async def react(interaction: discord.Interaction, answer: str, game: GameId | None = None) -> None:
    """Answer an animal with your Guard, or a ware card with your Rain Maker — or decline.

    Args:
        answer: react guard, react rain maker, or decline.
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, split_moves(answer))


async def end(interaction: discord.Interaction, game: GameId | None = None) -> None:
    """End your turn now (2 or more actions left over earn a gold coin).

    Args:
        game: The game number (not needed inside the game's thread).
    """
    await _play(interaction, game, ["end"])


async def orders(
    interaction: discord.Interaction,
    guard: Mode | None = None,
    animal: Literal["ape", "cheetah", "crocodile", "elephant", "hyena", "lion", "parrot", "snake"] | None = None,
    rain_maker: Mode | None = None,
    price: app_commands.Range[int, 1, MAX_SELL] | None = None,
    game: GameId | None = None,
) -> None:
    """Your standing orders for reactions: ask you, answer by themselves, or never (only you see them).

    Args:
        guard: When the other player plays an animal: ask me (the default), play my Guard by itself, or never.
        animal: The order for one animal only (else for every animal).
        rain_maker: After the other player's ware card: never ask me (the default), ask me, or take it by itself.
        price: With rain_maker auto: only for a sale of at least this much gold.
        game: The game number (not needed inside the game's thread).
    """
    svc = services(interaction)
    played = await current_game(interaction, game)
    orders_seat(played, interaction.user.id)
    moves = []
    if guard is not None:
        moves.append(f"orders guard {animal} {guard}" if animal else f"orders guard {guard}")
    if rain_maker is not None:
        moves.append(
            f"orders rain maker {rain_maker}" + (f" {sale_price(price)}" if price and rain_maker == "auto" else "")
        )
    await defer(interaction)
    result = played
    for move in moves:
        result = await svc.host.standing(played.game.id, interaction.user.id, move)
    await svc.courier.deliver_game(played.game.id)
    text, view = orders_reply(result, interaction.user.id)
    await reply_private(interaction, text, view=view, allowed_mentions=NO_PINGS)


def sale_price(price: int) -> int:
    """The lowest printed sell price of at least ``price`` gold (an order "from 4 gold" is one from the cheapest
    sale: the engine takes printed prices only)."""
    return min(p for p in SELL_PRICES if p >= price)


def orders_seat(played: Played, user_id: int) -> int:
    """The seat of a player of a started game (anyone else is refused: only players have orders)."""
    if played.state is None or played.game.status == "lobby":
        raise Refused("not_started", id=played.game.id)
    seat = played.seat_of(user_id)
    if seat is None:
        raise Refused("not_a_player", id=played.game.id, command=GAME)
    return seat


def orders_reply(played: Played, user_id: int) -> tuple[str, discord.ui.View]:
    """The user's standing orders in words, and the menus that change them."""
    seat = orders_seat(played, user_id)
    say = say_for(GAME, tuple(played.names))
    held = played.view(seat).details["players"][seat]["orders"]
    game, version = played.game.id, played.game.version
    guard = OrdersSelect(
        game,
        version,
        "guard",
        placeholder=say._(words.GUARD_MENU),
        options=[
            discord.SelectOption(label=words.guard_choice(mode, say), value=order) for mode, order in GUARD_ORDERS
        ],
    )
    rain = OrdersSelect(
        game,
        version,
        "rain",
        placeholder=say._(words.RAIN_MENU),
        options=[discord.SelectOption(label=words.rain_choice(mode, say), value=order) for mode, order in RAIN_ORDERS],
    )
    return fit_message(words.orders_text(held, say)), persistent_view(guard, rain)


class OrdersSelect(GameSelect, kind="jo"):
    """A menu of ``/jambo orders``: the chooser's Guard order for every animal (``arg`` guard) or their Rain Maker
    order (``arg`` rain); each value is the standing move. Orders are not moves: they may change at any time,
    whatever the version the menu was made at."""

    async def act(self, interaction: discord.Interaction, record: GameRecord) -> None:
        svc = services(interaction)
        move = self.chosen(interaction)[0]
        if move not in dict(GUARD_ORDERS if self.arg == "guard" else RAIN_ORDERS).values():
            raise Refused("empty_choice")
        orders_seat(await svc.host.snapshot(record.id, record), interaction.user.id)
        await interaction.response.defer()
        result = await svc.host.standing(record.id, interaction.user.id, move)
        await svc.courier.deliver_game(record.id)
        text, view = orders_reply(result, interaction.user.id)
        await interaction.edit_original_response(content=text, view=view, allowed_mentions=NO_PINGS)


async def hand(interaction: discord.Interaction, game: GameId | None = None) -> None:
    """Your cards, and the decision waiting for you if there is one (only you see them).

    Args:
        game: The game number (not needed inside the game's thread).
    """
    svc = services(interaction)
    played = await current_game(interaction, game)
    seat = await send_hand(interaction, played, lambda p, s: fit_message(svc.posts.standing(p, s)))
    if seat is not None and played.to_move_player == seat:  # a decision half made comes back at its next step
        draft = drafts_of(interaction).get(played.game.id, interaction.user.id, played.game)
        await offer_draft(interaction, played, list(draft.moves) if draft is not None else [])


# ---- the extension ----------------------------------------------------------------------------------------
async def setup(bot: commands.Bot) -> None:
    """The Jambo commands on ``/jambo`` (its own ``play card:`` replaces the generic ``play move:``)."""
    svc = services(bot)
    group = svc.game_groups[GAME]
    group.remove_command("play")

    def command(name: str, callback: Any, completers: dict[str, Completer]) -> None:
        add_command(group, name, callback, completers)

    command("draw", draw, {})
    command("play", play, {"card": moves_completer(lambda m: m.startswith(PLAY_WORDS))})
    command("use", use, {"utility": moves_completer(lambda m: m.startswith("use "))})
    choice_words = ("draw", "end", "bid ", "pass", "react ", "decline", *PLAY_WORDS, "use ")
    command("decide", decide, {"choice": moves_completer(lambda m: not m.startswith(choice_words))})
    command("bid", bid, {})
    command("pass", pass_, {})
    command("react", react, {"answer": moves_completer(lambda m: m.startswith(("react ", "decline")))})
    command("end", end, {})
    command("orders", orders, {})
    command("hand", hand, {})
    bot.add_dynamic_items(OrdersSelect)
    svc.game_ui[GAME] = GameUI(public_moves=public_moves, private_choices=True, shortlist=bid_shortlist)
