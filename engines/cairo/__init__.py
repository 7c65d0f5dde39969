"""Kairo (El Cairo, Kimmo Sorsamo, Queen Games 2012): the rules, 2–4 merchants, pure.

A 12×12 souk of nine 4×4 sectors (NW N NE / W C E / SW S SE), a one-square tavern zone along the
west, south and east edges, five queue squares q1–q5 north of the souk. Squares are named
``a1``–``n13`` (column a–n west→east, row 1–13 north→south). Coins are value per colour; building
cards are named by sector (standard) or zone (wildcard: north, middle, south, west, centre, east).
Values live in ``data/cairo.json``; the rules as applied and every ruling are in
``docs/rules/cairo.md`` (the player's guide); the codes the engine speaks in and the shape of its
view are below.

Move notation (canonical text, lower-case colours, card names as in the data):

* chance: ``queue red yellow green blue white purple`` (q1–q5, then the one on its tray),
  ``deal NW`` (a card off the deck: setup deals, deck draws, display refills), ``start 2``
  (1-based seat), ``neutral red`` (2 players, variable start: the neutral stall drawn).
* start of game (variable): ``place red e5 door e6`` — a main stall and its entrance, no card;
  ``pass`` when no square is left for any of them.
* build, one decision in steps (``partial`` while it is half made):
  ``build red e5 door e6`` (new main stall) | ``extend red f5`` (extension of your red stall) |
  ``move red to g7 door g8`` (an unextended main stall that cannot be extended), then the cards:
  ``card NW`` | ``wild west coin blue`` | ``cards NW N west`` (three cards, only when no single
  card can be used), then for an extension the coins: ``pay red:2 blue:2`` (cheapest first).
* ``attract red to f6`` — the red customer walks to the free red entrance at f6; the charlatans
  needed (free red entrances strictly nearer) are spent.
* draw: ``take display 2`` | ``take deck`` | ``take charlatan``, twice; then, holding more than 4
  building cards, ``keep NW N C west``.
* final stage: the build moves above or ``pass`` (out of the final stage for good).

A typed move is read word by word against the rules in the order they are listed in ``check``, so a
refused move is always told the first rule it breaks: a move of the wrong shape (``take deck please``)
is "not a move I can read" with its right form (``bad_form``), never a claim about the game. A build is
**one decision made in several moves** (the bot sends them together from one command, all or none):
first what and where, then the cards, then (extension) the coins. While it is half made the engine
says so (``partial``), and the step that completes it tells the whole build in one event. Only
placements that can be paid for are offered, so a started build can always be finished. A late
merchant's default move is ``take deck`` (twice) in the main stage and ``pass`` in the final stage.

Preset layouts: ``data/cairo.json`` → ``presets``, seats 0-based (``c2 door c3`` = stall on c2,
entrance on c3); ``docs/rules/cairo.md`` lists them for players, seats counted from 1.

What the engine tells (it holds no words; ``bot/games/cairo/words.py`` words the codes). Parameters:
``seat`` (the merchant acting), ``colour``, ``square``, ``door``, ``card``; ``owner`` is a seat or
``neutral``.

Events (one public event unless said otherwise), as code — parameters — when:

* ``customers_queued`` — queue (colours on q1–q5), waiting — setup
* ``display_dealt`` — slot (1–4), card — a face-up card is laid out
* ``card_dealt`` — seat, card (others read it without ``card``) — a setup deal
* ``deck_draw`` — seat, card (others read it without ``card``) — a card drawn from the deck
  (``take deck`` itself tells nothing)
* ``deck_reshuffled`` — count — the discard pile becomes the deck
* ``start_player``, ``preset_layout``, ``neutral_drawn`` — seat / players / colour, seat — setup
* ``stall_placed``, ``neutral_placed`` — seat, colour, square, door — a starting stall
* ``placement_skipped``, ``neutral_skipped`` — seat (colour) — no square left at the start
* ``stall_built`` — seat, colour, square, door, payment — a new main stall, paid
* ``stall_moved`` — seat, colour, from_square, square, door, payment — a moved main stall, paid
* ``stall_extended`` — seat, colour, square, payment, coins, size — an extension, paid (size = points)
* ``medals_taken`` — seat, colour, medals, points, from_seats — after an extension
* ``final_stage_no_extensions`` / ``_low_extensions`` / ``_quiet_market`` — colour / colours / rounds —
  the final stage begins
* ``customer_sent`` — seat, colour, door, owner, size, charlatans — an attraction
* ``coins_earned``, ``bank_short`` — seat, colour, value (due) — its payments (the bank short)
* ``nobody_paid`` — owner_seat, colour — the stall's owner has left
* ``customer_replaced`` — colour, door — the waiting customer takes the entrance
* ``card_taken``, ``charlatan_taken`` — seat, slot, card / seat, left — a pick of a draw
* ``cards_kept`` — seat, cards, discarded (others read ``cards_discarded``: seat, count) — the hand limit
* ``passed`` — seat — out of the final stage
* ``build_cancelled`` — seat, colour, square — a merchant left mid-build

``payment`` is ``{"card": C}``, ``{"card": Z, "coin": colour}`` (a wildcard) or
``{"cards": [A, B, C]}``; ``coins`` is value per colour.

Decisions (the prompt of the merchant to move): ``place`` (colours), ``place_neutral`` (colour),
``play``, ``final``, ``pay_cards`` and ``pay_coins`` (action, colour, square, door, price — the build
being paid), ``second_pick`` (left), ``keep`` (limit, count).

Endings: ``all_passed`` (every merchant has finished building), ``resigned`` (fewer than two
merchants left). The outcome's ``details.final`` has per seat ``track``, ``medals``, ``coins``,
``total``.

Refusals, in the order they are checked:

* any moment: ``game_over``, ``empty_move``, ``unknown_move`` (move), ``chance_due``, ``chance_word``
  (move);
* the wrong step of the turn: ``pay_cards_first``, ``pay_coins_first`` (the pending build),
  ``second_pick_first``, ``keep_first``, ``place_first``, ``place_only_at_start``,
  ``choose_build_first``, ``final_stage_only_build``, ``pass_only_in_final``, ``keep_not_due``;
* the wrong shape: ``bad_form`` (move, word: the move's first word, whose form the bot shows);
* names: ``no_colour``, ``no_square``, ``no_card`` (text); chance: ``card_not_in_deck``, ``not_in_bag``;
* placing and building: ``neutral_is``, ``stall_on_board``, ``must_place``, ``queue_square``,
  ``tavern_colour_only``, ``souk_only`` (part), ``square_not_free`` and ``entrance_not_free`` (what
  is there: ``what`` = stall, extension, entrance or customer, with owner and colour),
  ``sector_has_colour``, ``sector_full_at_start``, ``touches_stall``, ``entrance_not_next_to_stall``,
  ``entrance_not_in_souk``, ``cuts_off_entrance``; extensions: ``no_stall_to_extend``,
  ``no_extensions_left``, ``extension_not_touching``, ``joins_two_stalls``, ``extension_cuts_off``;
  moving: ``no_stall_to_move``, ``stall_extended``, ``stall_extendable`` (site), ``must_change_place``;
* paying: ``no_card_for_square``, ``needs_colour_coin``, ``cannot_afford`` (price, rate, worth),
  ``card_not_held``, ``cards_not_held``, ``wild_needs_coin``, ``card_wrong_sector``, ``not_wild``,
  ``wild_wrong_zone``, ``no_coin_for_wild``, ``needs_colour_coin_after_wild``,
  ``cannot_afford_after_wild``, ``three_cards``, ``single_card_suffices``, ``not_enough_coins``,
  ``pay_needs_colour_coin``, ``wrong_price``;
* customers: ``customer_waiting``, ``no_reachable_entrance``, ``not_an_entrance``,
  ``entrance_occupied``, ``entrance_unreachable``, ``needs_charlatans`` (count, have);
* drawing: ``no_display_slot``, ``display_slot_empty``, ``deck_empty``, ``no_charlatans_left``,
  ``keep_count``.

The view: ``engines.get("cairo").view(state, seat)``
-----------------------------------------------------

The view is an ``engines.base.View`` (a pydantic model). The renderer draws Kairo from it only, the
bot reads its shared fields, and ``sample_state(view, rng)`` rebuilds a whole game from it (so it
holds everything the seat knows). Everything in ``details`` is plain JSON (str, int, bool, null,
lists, dicts). Names come from ``data/cairo.json``, so the renderer, the bot and the cards all show
the same labels. Seats are 0-based everywhere in the view; move text uses colour / square names.

Coordinates:

* Squares are named like chess squares: column letter + row number, ``a1`` … ``n13``. Columns
  ``a``–``n`` are ``x`` 0–13 (west → east); rows ``1``–``13`` are ``y`` 1–13 (north → south, row 1
  on top).
* ``x`` 1–12, ``y`` 1–12 (``b1``–``m12``) is the souk, 12×12, split into 3×3 sectors of 4×4.
* Column ``a`` (``a1``–``a12``), column ``n`` (``n1``–``n12``) and row 13 (``a13``–``n13``) are the
  tavern zone (a U, 38 squares).
* The 5 queue squares ``q1``–``q5`` (west → east) sit at ``y`` = 0 above the souk, over the columns
  given by their ``x`` (by default ``e``–``i``, x 4–8), each joined to the souk square just below it
  and to its queue neighbours. They are walkable, never buildable.
* Draw the square at pixel column ``x``, pixel row ``y`` (row 0 only has the queue squares).

Shared fields, Kairo's meaning:

* ``game``: ``"cairo"``; ``viewer``: the seat this view is for, ``null`` = a spectator.
* ``seats``: one ``SeatView`` per seat: ``score`` (points on the track; at the end the final total),
  ``out`` (the merchant left the game), ``to_move``, ``name`` (filled in by the host).
* ``phase``: see the phases below; ``to_move``: the seat to decide, ``-1`` = a chance move is due,
  ``null`` = game over.
* ``decision``: what the seat to move decides: ``place`` (colours), ``place_neutral`` (colour),
  ``play``, ``final``, ``pay_cards`` / ``pay_coins`` (action, colour, square, door, price;
  ``payment`` once the cards are paid), ``second_pick`` (left), ``keep`` (limit, count).
* ``outcome``: at the end: scores (totals), winners, termination (``all_passed`` or ``resigned``),
  ``details.final`` (per seat: ``track``, ``medals``, ``coins``, ``total``).

Hidden from other seats (and from spectators): a merchant's building cards and coins, and which
cards the deck and the discard pile hold. Everything else in the view is public.

``details`` (3 players, seen by seat 0; comments are not part of the JSON)::

    {
      "active": 0,                      // whose turn it is (null until the start player is drawn)
      "start_player": 2,                // null until drawn
      "options": {"start": "variable"},
      "colours": ["red", "yellow", "green", "blue", "white", "purple"],
      "tavern_colour": "purple",        // stalls of this colour stand in the tavern zone only
      "sectors": {                      // 9 sectors, in this order
        "NW": {"label": "North-west", "x": [1, 4], "y": [1, 4]},   // inclusive souk ranges
        "N":  {"label": "North", "x": [5, 8], "y": [1, 4]}
        // … "NE", "W", "C", "E", "SW", "S", "SE"
      },
      "zones": {                        // the wildcard zones, in this order
        "north": {"label": "North row", "sectors": ["NW", "N", "NE"]}
        // … "middle", "south", "west", "centre", "east"
      },
      "cards": {                        // every building-card name that can appear in a hand or the display
        "NW": {"kind": "standard", "label": "North-west", "sectors": ["NW"]},
        "west": {"kind": "wild", "label": "West column", "sectors": ["NW", "W", "SW"]}
        // … 9 standard (sector codes) + 6 wild (zone names)
      },
      "board": {
        "columns": "abcdefghijklmn",
        "rows": 13,
        "squares": [                    // every square once: 38 tavern + 144 souk + 5 queue
          {
            "name": "f5", "x": 5, "y": 5,
            "kind": "souk",             // "souk" | "tavern" | "queue"
            "sector": "N",              // sector code; null for queue squares
            "stall": {                  // null, or the stall tile standing here
              "id": 4, "colour": "red",
              "owner": 1,               // seat, or "neutral" (2-player neutral stalls)
              "main": false             // true = the main stall tile, false = an extension
            },
            "entrance": null,           // null, or {"stall": 4, "colour": "red", "owner": 1 | "neutral"}
            "customer": null            // null, or the colour of the customer standing here
          }
          // …
        ]
      },
      "stalls": [                       // every stall on the board, by id (ids never change, also when moved)
        {
          "id": 4, "colour": "red", "owner": 1,   // seat or "neutral"
          "square": "f4",               // the main stall tile
          "door": "g4",                 // its entrance
          "extensions": ["f5"],         // extension tiles in the order built
          "size": 2,                    // 1 + extensions = points, coins per customer
          "inactive": false             // true when its owner resigned: it pays nobody
        }
      ],
      "customers": {"red": "q1", "yellow": "q2", "green": "g4", "blue": "q4", "white": "q5"},
                                        // the 5 customers on the board: colour -> square
      "waiting": "purple",              // the 6th customer, on its coin tray (null before setup)
      "display": ["NW", "west", null, "C"],   // 4 face-up slots, null = empty until refilled;
                                        // the move "take display 2" takes display[1] (moves count from 1)
      "deck": 18,                       // cards left face down
      "discard": 3,                     // cards in the discard pile (the "mazo de reserva")
      "bank": {"red": 17, "yellow": 18, "green": 17, "blue": 17, "white": 17, "purple": 17},
                                        // the bank's coins (value per colour), on the table for all to see
      "charlatan_supply": 6,            // charlatan cards on their space
      "extensions_left": {"red": 5, "yellow": 6, "green": 6, "blue": 6, "white": 6, "purple": 6},
      "medals": {                       // holder seat of each medal, null = still in the supply
        "red": {"gold": 1, "silver": 1}
        // … one entry per colour
      },
      "medal_points": {"gold": 3, "silver": 2},
      "players": [                      // one entry per seat, seat order
        {
          "seat": 0,                    // (the score is in the shared `seats`)
          "charlatans": 1,
          "hand_size": 3,
          "hand": ["NW", "N", "west"],  // ONLY in the viewer's own entry; null for everyone else
          "coins": {"red": 1, "yellow": 1, "green": 1, "blue": 1, "white": 1, "purple": 1},
                                        // ONLY in the viewer's own entry (value per colour); null otherwise
          "coin_value": 6,              // ONLY own entry; null otherwise
          "medals": [],                 // e.g. [["red", "gold"], ["red", "silver"]]
          "stalls_in_supply": ["yellow", "green", "white"],   // main stalls not yet on the board
          "passed": false,              // left the final stage
          "resigned": false
        }
        // …
      ],
      "final_stage": false,
      "passed": [],                     // seats out of the final stage, in the order they passed
      "pending": null,                  // the build being paid for in phases "card"/"pay", e.g.
                                        // {"action": "extend", "colour": "red", "square": "f6", "door": null,
                                        //  "price": 3, "stall": 4, "payment": {"card": "NW"}}
                                        // action: "build" (new main stall) | "extend" | "move"; "payment" once the
                                        // cards are paid: {"card": "NW"} | {"card": "west", "coin": "blue"}
                                        // | {"cards": ["NW", "N", "SE"]}
      "draws_left": 0,                  // picks left in the current draw action (phase "draw")
      "deals": [],                      // cards still to deal, in order: "display:1" (slot, 0-based), "hand:2" (seat)
      "after_deals": null,              // what waits for them: "start" | "pick" | "next"
      "place_order": [],                // variable start: the seats still to place a stall, in order
      "neutrals": [],                   // 2 players, variable start: neutral colours still in the bag
      "neutral_to_place": null,         // 2 players, variable start: the neutral colour just drawn
      "quiet_turns": 3,                 // main-stage turns in a row without a build (the quiet-market ruling)
      "built_this_turn": false,
      "last": {                         // the last player action, for highlighting; null at the start
        "seat": 1,
        "action": "extend",             // "place" | "build" | "extend" | "move" | "attract" | "take"
                                        // | "keep" | "pass"
        "squares": ["f5"]               // squares touched: new tiles, door, old and new customer square …
      }
    }

Phases (who moves; moves):

* ``queue`` — chance — ``queue red blue green yellow white purple`` (5 queue squares q1–q5, then the
  one on its tray)
* ``deal`` — chance — ``deal NW``: setup deals (display, then 3 cards per seat) and display refills
* ``start`` — chance — ``start 2`` (1-based seat number)
* ``place`` — a seat — variable start: ``place red e5 door e6``
* ``neutral`` — chance, then a seat — ``neutral red``, then that seat places it: ``place red e5 door e6``
* ``play`` — the active seat — ``build …``, ``extend …``, ``move …``, ``attract …``, ``take …``
* ``card`` — the active seat — pay the pending build with cards: ``card NW``, ``wild west coin blue``,
  ``cards NW N SE``
* ``pay`` — the active seat — pay the pending extension: ``pay red:2 blue:2``
* ``draw`` — the active seat (chance after ``take deck``) — second pick: ``take display 2``,
  ``take deck``, ``take charlatan``
* ``keep`` — the active seat — ``keep NW N C west`` (hand limit 4)
* ``final`` — the active seat — ``build …``, ``extend …``, ``move …``, ``pass``
* ``over`` — nobody

Places and images: ``changed_places(before, after)`` lists the squares whose stall tile, entrance or
customer differs between two views; catch-up frames them. ``render.cairo.render_board(view,
highlight=squares, layout="landscape" | "portrait")`` draws the board and ``render_private(view,
layout=…)`` the viewer's hand (None for a spectator).

Modules: ``data`` (values), ``board`` (geometry), ``state``, ``paths`` (walking, the ring test, the
global blocking index), ``occupancy`` (a ``Layout``: who stands where, derived move by move),
``layout`` (the layout of a state: kept with it, derived, or cached), ``obstacles`` (obstacle
pieces: cut vertices without a search), ``cuts`` (what a tile on a cut vertex cuts off), ``reach``
(the customers' piece, walks, what a tile cuts), ``sites`` (where a tile may go, per square),
``sitelists`` (a colour's sites as moves, patched move by move), ``texts`` (move texts formatted
once), ``rules`` (placement, payment and customer rules), ``moves`` (legal move generators),
``check`` (reading a typed move, refusals), ``setup``, ``play``, ``turns``, ``leave`` (applying
moves), ``view`` (the view and ``sample_state``), ``engine`` (the ``Engine``).

Search speed: a state keeps the analysis of its board (``engines.cairo.layout``); a move that
changes the board derives the next one from it, updating distances, the customers' piece, the
building sites and the move lists around what the move touched instead of computing them again
(``tests/test_cairo_fast.py`` checks every such structure against one built afresh).
"""

from __future__ import annotations

from engines.cairo.engine import CairoEngine
from engines.cairo.state import NEUTRAL, CairoState, Stall

ENGINE = CairoEngine()

__all__ = ["ENGINE", "NEUTRAL", "CairoEngine", "CairoState", "Stall"]
