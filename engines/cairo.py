"""Kairo (El Cairo, Kimmo Sorsamo, Queen Games 2012): the rules engine, 2–4 players.

Model (geometry in ``engines.cairo_board``, rule checks in ``engines.cairo_rules``, values in
``data/cairo.json``): a 12×12 souk of nine 4×4 sectors (NW N NE / W C E / SW S SE), a one-square
tavern zone along the west, south and east edges, five queue squares q1–q5 north of the souk.
Squares are named ``a1``–``n13`` (column a–n west→east, row 1–13 north→south). Coins are value per
colour; building cards are named by sector (standard) or zone (wildcard: north, middle, south,
west, centre, east).

Move notation (canonical text, lower-case colours, card names as in data):

* chance: ``queue red yellow green blue white purple`` (q1–q5, then the one on its tray),
  ``deal NW`` (a card off the deck: setup deals, deck draws, display refills), ``start 2``
  (1-based seat), ``neutral red`` (2 players, variable start: the neutral stall drawn).
* start of game (variable): ``place red e5 door e6`` — a main stall and its entrance, no card.
* build, in steps within one turn (the bot composes them from one command):
  ``build red e5 door e6`` (new main stall) | ``extend red f5`` (extension of your red stall) |
  ``move red to g7 door g8`` (an unextended main stall that cannot be extended), then the cards:
  ``card NW`` | ``wild west coin blue`` | ``cards NW N west`` (three cards, only when no single
  card can be used), then for an extension the coins: ``pay red:2 blue:2`` (cheapest first).
* ``attract red to f6`` — the red customer walks to the free red entrance at f6; the charlatans
  needed (free red entrances strictly nearer) are spent.
* draw: ``take display 2`` | ``take deck`` | ``take charlatan``, twice; then, holding more than 4
  building cards, ``keep NW N C west``.
* final stage: the build moves above or ``pass`` (out of the final stage for good).

The rules as applied, and every ruling, are in ``docs/rules/cairo.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from itertools import combinations, permutations
from typing import Any, ClassVar

from engines.base import CHANCE, Engine, IllegalMove, Option, Outcome
from engines.cairo_board import Board, get_board
from engines.cairo_data import CairoData, load_cairo_data
from engines.cairo_rules import (
    Layout,
    attract_targets,
    card_payments,
    coin_payments,
    extension_sites,
    stall_sites,
)
from engines.cairo_state import NEUTRAL, CairoState, FinalLine, LastAction, Pending, Stall

SETUP_PHASES = ("queue", "deal", "start", "place", "neutral")
BUILD_WORDS = ("build", "extend", "move")
PAY_CARD_WORDS = ("card", "wild", "cards")
UNORDERED_WORDS = ("keep", "cards", "pay")


class CairoEngine(Engine[CairoState]):
    """Kairo for 2–4 players (see the module docstring for the notation)."""

    name: ClassVar[str] = "cairo"
    title: ClassVar[str] = "Kairo"
    aliases: ClassVar[tuple[str, ...]] = ("kairo",)
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            name="start",
            description="variable: players place their first 3 main stalls in turn; "
            "preset: a fixed fair layout per player count",
            default="variable",
            choices=("variable", "preset"),
        ),
    )
    state_type: ClassVar[type[CairoState]] = CairoState

    @cached_property
    def data(self) -> CairoData:
        """The values from ``data/cairo.json``."""
        return load_cairo_data()

    @cached_property
    def board(self) -> Board:
        """The board geometry."""
        return get_board()

    # ---- lifecycle -----------------------------------------------------------------------

    def _new_game(self, num_players: int, options: dict[str, bool | int | str]) -> CairoState:
        data = self.data
        start = data.start_coins_per_colour
        return CairoState(
            num_players=num_players,
            options=options,
            coins=[dict.fromkeys(data.colours, start) for _ in range(num_players)],
            bank={c: data.bank_value_per_colour - start * num_players for c in data.colours},
            hands=[[] for _ in range(num_players)],
            charlatans=[0] * num_players,
            charlatan_supply=data.charlatan_cards,
            deck=data.full_deck(),
            display=[None] * data.display_size,
            medals={c: {"gold": None, "silver": None} for c in data.colours},
            scores=[0] * num_players,
        )

    # ---- turn structure ------------------------------------------------------------------

    def to_move(self, state: CairoState) -> int | None:
        if state.phase == "over":
            return None
        if state.deals or state.phase in ("queue", "start"):
            return CHANCE
        if state.phase == "neutral" and state.neutral_drawn is None:
            return CHANCE
        if state.phase in ("place", "neutral"):
            return state.place_order[0]
        return state.active

    def legal_moves(self, state: CairoState) -> list[str]:
        moves: list[str] = []
        for word in self.move_words(state):
            moves.extend(self._generators[word](state))
        return moves

    def canonical(self, state: CairoState, move: str) -> str:
        """Like the base, but only generates the moves that start with the same word.

        Lists of cards or coins (``keep``, ``cards``, ``pay``) are accepted in any order.
        """
        wanted = move_key(move)
        word = wanted[0] if wanted else ""
        if self.to_move(state) is not None and word in self.move_words(state):
            for legal in self._generators[word](state):
                if move_key(legal) == wanted:
                    return legal
        raise IllegalMove(self.explain_illegal(state, move))

    def move_words(self, state: CairoState) -> tuple[str, ...]:
        """The first words of the moves that may be legal now, in listing order."""
        seat = self.to_move(state)
        if seat is None:
            return ()
        if seat == CHANCE:
            return self._chance_words(state)
        phase = state.phase
        if phase in ("place", "neutral"):
            return ("place", "pass")
        return {
            "play": (*BUILD_WORDS, "attract", "take"),
            "final": (*BUILD_WORDS, "pass"),
            "card": PAY_CARD_WORDS,
            "pay": ("pay",),
            "draw": ("take",),
            "keep": ("keep",),
        }[phase]

    def _chance_words(self, state: CairoState) -> tuple[str, ...]:
        if state.deals:
            return ("deal",)
        if state.phase == "neutral":
            return ("neutral",)
        return (state.phase,)

    @cached_property
    def _generators(self) -> dict[str, Callable[[CairoState], list[str]]]:
        return {
            "queue": self._queue_moves,
            "deal": self._deal_moves,
            "start": self._start_moves,
            "neutral": self._neutral_moves,
            "place": self._place_moves,
            "pass": self._pass_moves,
            "build": self._build_moves,
            "extend": self._extend_moves,
            "move": self._move_moves,
            "card": lambda s: [m for m in self._card_moves(s) if m.startswith("card ")],
            "wild": lambda s: [m for m in self._card_moves(s) if m.startswith("wild ")],
            "cards": lambda s: [m for m in self._card_moves(s) if m.startswith("cards ")],
            "pay": self._pay_moves,
            "attract": self._attract_moves,
            "take": self._take_moves,
            "keep": self._keep_moves,
        }

    def chance_odds(self, state: CairoState) -> list[tuple[str, float]]:
        if self.to_move(state) != CHANCE:
            return []
        if state.deals:
            source = deal_source(state)
            total = sum(source.values())
            return [(f"deal {card}", source[card] / total) for card in self.data.card_names if source.get(card)]
        return super().chance_odds(state)

    # ---- chance moves --------------------------------------------------------------------

    def _queue_moves(self, state: CairoState) -> list[str]:
        return ["queue " + " ".join(order) for order in permutations(self.data.colours)]

    def _deal_moves(self, state: CairoState) -> list[str]:
        source = deal_source(state)
        return [f"deal {card}" for card in self.data.card_names if source.get(card)]

    def _start_moves(self, state: CairoState) -> list[str]:
        return [f"start {seat + 1}" for seat in state.seats_in_play()]

    def _neutral_moves(self, state: CairoState) -> list[str]:
        return [f"neutral {colour}" for colour in self.data.colours if colour in state.neutrals]

    # ---- setup placement -------------------------------------------------------------------

    def _place_moves(self, state: CairoState) -> list[str]:
        layout = Layout(state, self.board)
        colours = self._colours_to_place(state)
        return [
            f"place {colour} {self.board.name(square)} door {self.board.name(door)}"
            for colour in colours
            for square, door in stall_sites(layout, self.data, colour, setup=True)
        ]

    def _colours_to_place(self, state: CairoState) -> list[str]:
        if state.phase == "neutral":
            return [state.neutral_drawn] if state.neutral_drawn else []
        seat = state.place_order[0]
        return [c for c in self.data.colours if state.owned_stall(seat, c) is None]

    def _pass_moves(self, state: CairoState) -> list[str]:
        if state.phase == "final":
            return ["pass"]
        return [] if self._place_moves(state) else ["pass"]

    # ---- build: the placement step ---------------------------------------------------------

    def _payable_sectors(self, state: CairoState, seat: int, colour: str, price: int) -> set[str]:
        hand, coins = state.hands[seat], state.coins[seat]
        return {sector for sector in self.data.sectors if card_payments(self.data, hand, coins, sector, colour, price)}

    def _build_moves(self, state: CairoState) -> list[str]:
        seat = state.active
        assert seat is not None
        layout = Layout(state, self.board)
        moves = []
        for colour in self.data.colours:
            if state.owned_stall(seat, colour) is not None:
                continue
            sectors = self._payable_sectors(state, seat, colour, 0)
            for square, door in stall_sites(layout, self.data, colour, setup=False):
                if self.board.squares[square].sector in sectors:
                    moves.append(f"build {colour} {self.board.name(square)} door {self.board.name(door)}")
        return moves

    def _extend_moves(self, state: CairoState) -> list[str]:
        seat = state.active
        assert seat is not None
        layout = Layout(state, self.board)
        left = self.extensions_left(state)
        moves = []
        for stall in self._own_stalls(state, seat):
            if left[stall.colour] <= 0:
                continue
            sectors = self._payable_sectors(state, seat, stall.colour, stall.size + 1)
            for square in extension_sites(layout, self.data, stall):
                if self.board.squares[square].sector in sectors:
                    moves.append(f"extend {stall.colour} {self.board.name(square)}")
        return moves

    def _move_moves(self, state: CairoState) -> list[str]:
        seat = state.active
        assert seat is not None
        layout = Layout(state, self.board)
        moves = []
        for stall in self._own_stalls(state, seat):
            if stall.extensions or extension_sites(layout, self.data, stall):
                continue
            lifted = Layout(state, self.board, lifted=stall.id)
            sectors = self._payable_sectors(state, seat, stall.colour, 0)
            for square, door in stall_sites(lifted, self.data, stall.colour, setup=False):
                name, door_name = self.board.name(square), self.board.name(door)
                if (name, door_name) != (stall.square, stall.door) and self.board.squares[square].sector in sectors:
                    moves.append(f"move {stall.colour} to {name} door {door_name}")
        return moves

    def _own_stalls(self, state: CairoState, seat: int) -> list[Stall]:
        order = {colour: i for i, colour in enumerate(self.data.colours)}
        return sorted((s for s in state.stalls if s.owner == seat), key=lambda s: order[s.colour])

    def extensions_left(self, state: CairoState) -> dict[str, int]:
        """Extensions of each colour still in the general supply."""
        left = dict.fromkeys(self.data.colours, self.data.extensions_per_colour)
        for stall in state.stalls:
            left[stall.colour] -= len(stall.extensions)
        return left

    # ---- build: paying ---------------------------------------------------------------------

    def _card_moves(self, state: CairoState) -> list[str]:
        pending, seat = state.pending, state.active
        assert pending is not None and seat is not None
        sector = self.board.squares[self.board.index[pending.square]].sector or ""
        return card_payments(self.data, state.hands[seat], state.coins[seat], sector, pending.colour, pending.price)

    def _pay_moves(self, state: CairoState) -> list[str]:
        pending, seat = state.pending, state.active
        assert pending is not None and seat is not None
        payments = coin_payments(
            state.coins[seat], pending.colour, pending.price, self.data.other_colour_coins_per_unit, self.data.colours
        )
        return ["pay " + " ".join(f"{c}:{v}" for c, v in payment.items()) for payment in payments]

    # ---- attract and draw ------------------------------------------------------------------

    def _attract_moves(self, state: CairoState) -> list[str]:
        seat = state.active
        assert seat is not None
        layout = Layout(state, self.board)
        moves = []
        for colour in self.data.colours:
            if colour not in state.customers:
                continue
            for door, _, needed in attract_targets(layout, colour):
                if needed <= state.charlatans[seat]:
                    moves.append(f"attract {colour} to {self.board.name(door)}")
        return moves

    def _take_moves(self, state: CairoState) -> list[str]:
        moves = [f"take display {slot + 1}" for slot, card in enumerate(state.display) if card]
        if sum(state.deck.values()) + sum(state.discard.values()) > 0:
            moves.append("take deck")
        if state.charlatan_supply > 0:
            moves.append("take charlatan")
        return moves

    def _keep_moves(self, state: CairoState) -> list[str]:
        seat = state.active
        assert seat is not None
        kept = dict.fromkeys(combinations(state.hands[seat], self.data.hand_limit))
        return ["keep " + " ".join(cards) for cards in kept]

    # ---- applying moves ------------------------------------------------------------------

    def _apply(self, state: CairoState, move: str) -> None:
        word, _, rest = move.partition(" ")
        handler = getattr(self, f"_do_{word}")
        handler(state, rest.split())

    def _do_queue(self, state: CairoState, colours: list[str]) -> None:
        queue_names = [self.board.name(index) for index in self.board.queue]
        state.customers = dict(zip(colours, queue_names, strict=False))
        state.waiting = colours[len(queue_names)]
        slots = [f"display:{slot}" for slot in range(self.data.display_size)]
        hands = [f"hand:{seat}" for seat in range(state.num_players) for _ in range(self.data.start_hand)]
        state.deals = slots + hands
        state.after_deals = "start"
        state.phase = "deal"

    def _do_deal(self, state: CairoState, words: list[str]) -> None:
        card = words[0]
        if not sum(state.deck.values()):
            state.deck, state.discard = state.discard, {}
        remove_card(state.deck, card)
        target, _, number = state.deals.pop(0).partition(":")
        if target == "hand":
            add_to_hand(state.hands[int(number)], card, self.data)
        else:
            state.display[int(number)] = card
        if not state.deals:
            self._after_deals(state)

    def _after_deals(self, state: CairoState) -> None:
        follow_up, state.after_deals = state.after_deals, None
        if follow_up == "start":
            state.phase = "start"
        elif follow_up == "pick":
            self._after_pick(state)
        elif follow_up == "next":
            self._next_turn(state)

    def _do_start(self, state: CairoState, words: list[str]) -> None:
        state.start_player = int(words[0]) - 1
        if state.options.get("start") == "preset":
            self._place_preset(state)
            self._begin_play(state)
            return
        order = self._turn_order_from(state, state.start_player)
        state.place_order = order * self.data.main_stalls_at_start
        state.phase = "place"
        state.active = state.place_order[0]

    def _place_preset(self, state: CairoState) -> None:
        for entry in self.data.presets[str(state.num_players)]:
            owner = NEUTRAL if entry.seat == "neutral" else int(entry.seat)
            add_stall(state, entry.colour, owner, entry.square, entry.door)

    def _do_neutral(self, state: CairoState, words: list[str]) -> None:
        state.neutral_drawn = words[0]
        state.neutrals.remove(words[0])

    def _do_place(self, state: CairoState, words: list[str]) -> None:
        colour, square, _, door = words
        seat = state.place_order.pop(0)
        owner = NEUTRAL if state.phase == "neutral" else seat
        add_stall(state, colour, owner, square, door)
        state.neutral_drawn = None
        state.last = LastAction(seat=seat, action="place", squares=[square, door])
        self._after_placement(state)

    def _after_placement(self, state: CairoState) -> None:
        if state.place_order:
            state.active = state.place_order[0]
            return
        if state.phase == "place" and state.num_players == 2:
            state.phase = "neutral"
            state.neutrals = list(self.data.colours)
            assert state.start_player is not None
            order = self._turn_order_from(state, state.start_player)
            state.place_order = (order * len(self.data.colours))[: len(self.data.colours)]
            state.active = state.place_order[0]
            return
        self._begin_play(state)

    def _begin_play(self, state: CairoState) -> None:
        assert state.start_player is not None
        state.place_order, state.neutrals, state.neutral_drawn = [], [], None
        state.phase = "play"
        state.active = self._turn_order_from(state, state.start_player)[0]

    def _do_pass(self, state: CairoState, words: list[str]) -> None:
        if state.phase in ("place", "neutral"):
            seat = state.place_order.pop(0)
            state.neutral_drawn = None
            state.last = LastAction(seat=seat, action="pass")
            self._after_placement(state)
            return
        assert state.active is not None
        state.passed.append(state.active)
        state.last = LastAction(seat=state.active, action="pass")
        self._end_turn(state)

    def _do_build(self, state: CairoState, words: list[str]) -> None:
        colour, square, _, door = words
        state.pending = Pending(action="build", colour=colour, square=square, door=door)
        state.phase = "card"

    def _do_extend(self, state: CairoState, words: list[str]) -> None:
        colour, square = words
        assert state.active is not None
        stall = state.owned_stall(state.active, colour)
        assert stall is not None
        state.pending = Pending(action="extend", colour=colour, square=square, stall=stall.id, price=stall.size + 1)
        state.phase = "card"

    def _do_move(self, state: CairoState, words: list[str]) -> None:
        colour, _, square, _, door = words
        assert state.active is not None
        stall = state.owned_stall(state.active, colour)
        assert stall is not None
        state.pending = Pending(action="move", colour=colour, square=square, door=door, stall=stall.id)
        state.phase = "card"

    def _do_card(self, state: CairoState, words: list[str]) -> None:
        self._pay_cards(state, words, text=f"card {words[0]}")

    def _do_cards(self, state: CairoState, words: list[str]) -> None:
        self._pay_cards(state, words, text="cards " + " ".join(words))

    def _do_wild(self, state: CairoState, words: list[str]) -> None:
        zone, _, coin = words
        seat = state.active
        assert seat is not None and state.pending is not None
        move_coins(state.coins[seat], state.bank, {coin: self.data.wild_card_coin_cost})
        state.pending.wild_coin = coin
        self._pay_cards(state, [zone], text=f"wild {zone} coin {coin}")

    def _pay_cards(self, state: CairoState, cards: list[str], text: str) -> None:
        seat, pending = state.active, state.pending
        assert seat is not None and pending is not None
        for card in cards:
            state.hands[seat].remove(card)
            state.discard[card] = state.discard.get(card, 0) + 1
        pending.card, pending.cards = text, list(cards)
        if pending.action == "extend":
            state.phase = "pay"
        elif pending.action == "build":
            self._finish_new_stall(state)
        else:
            self._finish_move(state)

    def _finish_new_stall(self, state: CairoState) -> None:
        seat, pending = state.active, state.pending
        assert seat is not None and pending is not None and pending.door is not None
        add_stall(state, pending.colour, seat, pending.square, pending.door)
        state.built_this_turn = True
        state.last = LastAction(seat=seat, action="build", squares=[pending.square, pending.door])
        self._end_turn(state)

    def _finish_move(self, state: CairoState) -> None:
        seat, pending = state.active, state.pending
        assert seat is not None and pending is not None and pending.stall is not None and pending.door
        stall = state.stalls[pending.stall]
        old = [stall.square, stall.door]
        stall.square, stall.door = pending.square, pending.door
        state.last = LastAction(seat=seat, action="move", squares=[*old, pending.square, pending.door])
        self._end_turn(state)

    def _do_pay(self, state: CairoState, words: list[str]) -> None:
        seat, pending = state.active, state.pending
        assert seat is not None and pending is not None and pending.stall is not None
        payment = {colour: int(value) for colour, value in (word.split(":") for word in words)}
        move_coins(state.coins[seat], state.bank, payment)
        stall = state.stalls[pending.stall]
        stall.extensions.append(pending.square)
        state.scores[seat] += stall.size + self._award_medals(state, stall)
        state.built_this_turn = True
        state.last = LastAction(seat=seat, action="extend", squares=[pending.square])
        if not state.final_stage and self._final_stage_due(state):
            self._start_final_stage(state)
        self._end_turn(state)

    def _award_medals(self, state: CairoState, stall: Stall) -> int:
        """Medals after an extension; returns the points for medals newly taken."""
        rivals = [other.size for other in state.stalls if other.colour == stall.colour and other.id != stall.id]
        largest = max(rivals, default=0)
        wanted = ["gold", "silver"] if stall.size > largest else ["silver"] if stall.size == largest else []
        holders = state.medals[stall.colour]
        taken = [medal for medal in wanted if holders[medal] != stall.owner]
        for medal in taken:
            holders[medal] = stall.owner
        return sum(self.data.medal_points[medal] for medal in taken)

    def _final_stage_due(self, state: CairoState) -> bool:
        left = self.extensions_left(state).values()
        return any(count <= 0 for count in left) or sum(1 for count in left if count == 1) >= 2

    def _start_final_stage(self, state: CairoState) -> None:
        state.final_stage = True
        state.passed = []

    def _do_attract(self, state: CairoState, words: list[str]) -> None:
        colour, _, door_name = words
        seat = state.active
        assert seat is not None and state.waiting is not None
        layout = Layout(state, self.board)
        door = self.board.index[door_name]
        needed = next(n for d, _, n in attract_targets(layout, colour) if d == door)
        state.charlatans[seat] -= needed
        state.charlatan_supply += needed
        stall = layout.doors[door]
        start_square = state.customers.pop(colour)
        state.customers[state.waiting] = door_name
        state.waiting = colour
        self._pay_customer(state, seat, stall)
        state.last = LastAction(seat=seat, action="attract", squares=[start_square, door_name])
        self._end_turn(state)

    def _pay_customer(self, state: CairoState, seat: int, stall: Stall) -> None:
        """Own stall: its size; another player's: 1 to the active player, size to the owner; neutral: 1."""
        if stall.owner in state.resigned:
            return
        if stall.owner == seat:
            pay_out(state, seat, stall.colour, stall.size)
            return
        pay_out(state, seat, stall.colour, 1)
        if stall.owner != NEUTRAL:
            pay_out(state, stall.owner, stall.colour, stall.size)

    def _do_take(self, state: CairoState, words: list[str]) -> None:
        seat = state.active
        assert seat is not None
        if state.phase != "draw":
            state.draws_left = self.data.draws_per_action
        state.draws_left -= 1
        state.last = LastAction(seat=seat, action="take")
        if words[0] == "deck":
            state.deals = [f"hand:{seat}"]
            state.after_deals = "pick"
            state.phase = "draw"
            return
        if words[0] == "display":
            slot = int(words[1]) - 1
            card = state.display[slot]
            assert card is not None
            state.display[slot] = None
            add_to_hand(state.hands[seat], card, self.data)
        else:
            state.charlatan_supply -= 1
            state.charlatans[seat] += 1
        self._after_pick(state)

    def _after_pick(self, state: CairoState) -> None:
        seat = state.active
        assert seat is not None
        if state.draws_left > 0 and self._take_moves(state):
            state.phase = "draw"
        elif len(state.hands[seat]) > self.data.hand_limit:
            state.phase = "keep"
        else:
            self._end_turn(state)

    def _do_keep(self, state: CairoState, cards: list[str]) -> None:
        seat = state.active
        assert seat is not None
        hand = state.hands[seat]
        for card in cards:
            hand.remove(card)
        for card in hand:
            state.discard[card] = state.discard.get(card, 0) + 1
        state.hands[seat] = list(cards)
        state.last = LastAction(seat=seat, action="keep")
        self._end_turn(state)

    # ---- turns -------------------------------------------------------------------------------

    def _end_turn(self, state: CairoState) -> None:
        if not state.final_stage:
            state.quiet_turns = 0 if state.built_this_turn else state.quiet_turns + 1
            if state.quiet_turns >= self.data.quiet_rounds_to_final_stage * len(state.seats_in_play()):
                self._start_final_stage(state)
        state.built_this_turn = False
        state.pending = None
        state.draws_left = 0
        state.deals = self._refill_deals(state)
        if state.deals:
            state.phase = "deal"
            state.after_deals = "next"
        else:
            self._next_turn(state)

    def _refill_deals(self, state: CairoState) -> list[str]:
        available = sum(state.deck.values()) + sum(state.discard.values())
        empty = [f"display:{slot}" for slot, card in enumerate(state.display) if card is None]
        return empty[:available]

    def _next_turn(self, state: CairoState) -> None:
        assert state.active is not None
        order = [seat for seat in self._turn_order_from(state, state.active + 1) if seat not in state.passed]
        if state.final_stage and not order:
            self._finish(state, "every player has finished building")
            return
        state.active = order[0]
        state.phase = "final" if state.final_stage else "play"

    def _turn_order_from(self, state: CairoState, first: int) -> list[int]:
        """Seats still in the game, clockwise starting at ``first``."""
        seats = [(first + step) % state.num_players for step in range(state.num_players)]
        return [seat for seat in seats if seat not in state.resigned]

    def _finish(self, state: CairoState, reason: str) -> None:
        """Final scoring and the end of the game."""
        state.final = [self._final_line(state, seat) for seat in range(state.num_players)]
        state.phase = "over"
        state.end_reason = reason
        state.deals, state.pending = [], None

    def _final_line(self, state: CairoState, seat: int) -> FinalLine:
        """Medals held score again; 1 point per 3 coins of value."""
        points = self.data.medal_points
        held = [medal for holders in state.medals.values() for medal, holder in holders.items() if holder == seat]
        medals = sum(points[medal] for medal in held)
        coins = sum(state.coins[seat].values()) // self.data.coins_per_point
        track = state.scores[seat]
        return FinalLine(seat=seat, track=track, medals=medals, coins=coins, total=track + medals + coins)

    # ---- resigning ---------------------------------------------------------------------------

    def _resign(self, state: CairoState, seat: int) -> None:
        """Ruling: the seat's stalls stay and pay nobody; its cards, charlatans and coins go back.

        The game goes on while two or more players remain, otherwise it ends and is scored.
        """
        self._return_belongings(state, seat)
        if len(state.seats_in_play()) < 2:
            self._finish(state, "only one player is left")
            return
        hand_deal = f"hand:{seat}"
        was_drawing = hand_deal in state.deals
        state.deals = [deal for deal in state.deals if deal != hand_deal]
        if state.phase in ("place", "neutral"):
            state.place_order = [s for s in state.place_order if s != seat]
            self._after_placement(state)
        elif state.phase == "deal":
            if not state.deals:
                self._after_deals(state)
        elif state.phase not in SETUP_PHASES and state.active == seat and (was_drawing or not state.deals):
            state.after_deals = None
            self._end_turn(state)

    def _return_belongings(self, state: CairoState, seat: int) -> None:
        """Cards to the discard pile, charlatans to their space, coins to the bank."""
        for card in state.hands[seat]:
            state.discard[card] = state.discard.get(card, 0) + 1
        state.hands[seat] = []
        state.charlatan_supply += state.charlatans[seat]
        state.charlatans[seat] = 0
        move_coins(state.coins[seat], state.bank, dict(state.coins[seat]))

    # ---- information ---------------------------------------------------------------------

    def view(self, state: CairoState, seat: int | None) -> dict[str, Any]:
        from engines.cairo_view import build_view

        return build_view(self, state, seat)

    def outcome(self, state: CairoState) -> Outcome | None:
        if state.phase != "over" or state.final is None:
            return None
        totals = [line.total for line in state.final]
        contenders = [seat for seat in range(state.num_players) if seat not in state.resigned]
        best = max(totals[seat] for seat in contenders)
        winners = [seat for seat in contenders if totals[seat] == best]
        details = {"final": [line.model_dump() for line in state.final]}
        return Outcome(scores=totals, winners=winners, reason=state.end_reason or "", details=details)

    def describe(
        self, state: CairoState, move: str, names: Sequence[str] | None = None, viewer: int | None = None
    ) -> str:
        from engines.cairo_text import describe_move

        return describe_move(self, state, move, names, viewer)

    def explain_illegal(self, state: CairoState, move: str) -> str:
        from engines.cairo_text import explain_move

        return explain_move(self, state, move)

    def default_move(self, state: CairoState) -> str:
        """Draw from the deck in the main stage, ``pass`` in the final stage, else the first legal move."""
        moves = self.legal_moves(state)
        for preferred in ("take deck", "pass"):
            if preferred in moves and state.phase in ("play", "draw", "final"):
                return preferred
        return super().default_move(state)


# ---- small state helpers -----------------------------------------------------------------------


def move_key(move: str) -> tuple[str, ...]:
    """A move's words in lower case; the lists after ``keep``, ``cards`` and ``pay`` sorted."""
    words = move.strip().lower().split()
    if words and words[0] in UNORDERED_WORDS:
        return (words[0], *sorted(words[1:]))
    return tuple(words)


def deal_source(state: CairoState) -> dict[str, int]:
    """The pile the next card is dealt from: the deck, or the discard pile when the deck is empty."""
    return state.deck if sum(state.deck.values()) else state.discard


def remove_card(pile: dict[str, int], card: str) -> None:
    """Take one ``card`` out of a pile of counts."""
    pile[card] -= 1
    if not pile[card]:
        del pile[card]


def add_to_hand(hand: list[str], card: str, data: CairoData) -> None:
    """Add ``card`` and keep the hand in canonical card order."""
    hand.append(card)
    order = {name: i for i, name in enumerate(data.card_names)}
    hand.sort(key=order.__getitem__)


def add_stall(state: CairoState, colour: str, owner: int, square: str, door: str) -> Stall:
    """A new main stall on the board."""
    stall = Stall(id=len(state.stalls), colour=colour, owner=owner, square=square, door=door)
    state.stalls.append(stall)
    return stall


def move_coins(purse: dict[str, int], bank: dict[str, int], payment: dict[str, int]) -> None:
    """Pay ``payment`` (value per colour) from ``purse`` to ``bank``."""
    for colour, value in payment.items():
        purse[colour] -= value
        bank[colour] += value


def pay_out(state: CairoState, seat: int, colour: str, value: int) -> int:
    """The bank pays up to ``value`` of ``colour`` to ``seat`` (what is left if it runs short)."""
    paid = min(value, state.bank[colour])
    state.bank[colour] -= paid
    state.coins[seat][colour] += paid
    return paid


ENGINE = CairoEngine()
