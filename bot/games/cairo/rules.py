"""Kairo's quick reference for ``/cairo rules``: the pages, and the examples they quote.

Discord-free; shown by ``bot.features.rules`` through ``bot.core.rules``. It follows
``docs/rules/cairo.md`` (the player's guide); each example names the engine moves it stands for, so a
test checks that the engine accepts them.
"""

from __future__ import annotations

from bot.core.catalog import N_
from bot.core.rules import Example, GameRules

RULES = GameRules(
    players=2,
    examples={
        "new": Example("/cairo new"),
        "preset": Example("/cairo new start:preset"),
        "place": Example("/cairo place stall:red square:e5 door:e6", ("place red e5 door e6",)),
        "build": Example("/cairo build stall:red square:e5 door:e6 pay:W", ("build red e5 door e6", "card W")),
        "extend": Example("/cairo extend stall:red square:f5 pay:C", ("extend red f5", "card C")),
        "extend_coins": Example("/cairo extend stall:red square:e4 pay:W coins:red:2", ("extend red e4", "pay red:2")),
        "attract": Example("/cairo attract customer:red entrance:g8", ("attract red to g8",)),
        "draw": Example("/cairo draw first:deck second:2", ("take deck", "take display 2")),
        "keep": Example("/cairo keep cards:N C E west", ("keep N C E west",)),
        "pass": Example("/cairo pass", ("pass",)),
        "hand": Example("/cairo hand"),
        "board": Example("/cairo board"),
        "log": Example("/cairo log"),
        "catchup": Example("/cairo catchup"),
        "undo": Example("/cairo undo"),
    },
    pages={
        "setup": (
            N_(
                "You are merchants in the souk of Kairo: build stalls, extend them, and send customers to their "
                "entrances to earn coins. Points come from extensions, medals and money left. 2 to 4 players."
            ),
            N_(
                "**What you need**: the souk, 12×12 squares (b1–m12) in nine sectors of 4×4 (NW N NE / W C E / "
                "SW S SE); the tavern zone along the west, south and east edges (column a, row 13, column n), "
                "for purple stalls only; five queue squares q1–q5 north of the souk. Each merchant has a main "
                "stall of each colour (red, yellow, green, blue, white, purple), 1 coin of each colour and 3 "
                "building cards; 4 cards lie face up. Six customers: five on q1–q5, one waiting."
            ),
            N_(
                "**Setup**: {new} opens the game; the start player is drawn. Then each merchant in turn places a "
                "main stall and its entrance, no card needed, until everyone has 3: {place}. With 2 merchants "
                "6 neutral stalls follow, placed in turn. {preset} uses fixed starting stalls instead."
            ),
        ),
        "turn": (
            N_("On your turn, do **one** of three actions."),
            N_(
                "**Build**: a new main stall with its entrance (two free squares side by side), an extension "
                "next to your stall of that colour, or moving an unextended main stall that can never be "
                "extended. Pay with 1 card of the square's sector, a wildcard of its zone plus 1 coin, or 3 "
                "cards when no card fits. One main stall of each colour per sector; a new main stall may not "
                "touch another main stall or an extension; every entrance must stay reachable by every "
                "customer. {build}"
            ),
            N_(
                "An **extension** costs its stall's new size in coins (at least 1 of its colour; other colours "
                "count 2 for 1) and scores that size in points; the largest stall of a colour takes the gold "
                "medal, a tie with it the silver. {extend}"
            ),
            N_(
                "**Attract a customer**: a customer in the souk walks by the shortest way to a free entrance of "
                "its colour (each charlatan you play skips the nearest one). Your own stall pays you 1 coin per "
                "tile; another's pays you 1 and its owner 1 per tile. {attract}"
            ),
            N_(
                "**Draw 2 cards**: each a face-up card, the deck's top card or a charlatan. More than 4 building "
                "cards: keep 4. {draw}"
            ),
        ),
        "scoring": (
            N_(
                "**During the game**: an extension scores the new size of its stall. A medal you take scores at "
                "once: gold 3, silver 2 (only medals you did not hold before)."
            ),
            N_(
                "**At the end**: every medal you hold scores again (gold 3, silver 2), and every 3 coins (by "
                "value) of money left score 1 point. The highest total wins; a tie shares the win."
            ),
        ),
        "end": (
            N_(
                "The **final stage** begins right after the last extension of a colour is placed, or when 2 "
                "colours have only 1 extension left (or after 10 whole rounds without a new stall or extension). "
                "From then on the only action is to build."
            ),
            N_(
                "A merchant who cannot or will not build passes ({pass}) and is out of the final stage for good; "
                "the others go on. The game ends after the last build and is scored."
            ),
        ),
        "commands": (
            N_(
                "**Actions**: {build}, {extend} (coins: the cheapest payment unless you choose, e.g. {extend_coins}), "
                "{attract}, {draw} (the second pick can also be a button under the board), {keep} (the 4 "
                "cards to keep), {pass}. At the start: {place}."
            ),
            N_(
                "Every option lists only what is legal now, narrowed by the options already filled in: type a "
                "column letter or a sector (south-east) to narrow the squares. A build is applied whole, "
                "cards and coins included, or not at all."
            ),
            N_(
                "**Looking**: {hand} (your cards, coins, charlatans and medals, only to you), {board}, {log}, "
                "{catchup}. **Changing your mind**: {undo}, before you draw from the deck."
            ),
        ),
    },
)
