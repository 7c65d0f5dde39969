"""Kairo's search settings and game knowledge: medals and coins, which the final scoring adds.

At the end each medal held scores again (gold 3, silver 2) and every 3 coins of value score a point
(``engines.cairo.turns.final_line``); ``project`` counts them now (coins as a fraction, the others'
coins drawn with the world), plus what the hand is worth: a building card is the next stall or
extension (``CARD``), a charlatan sends a customer further (``CHARLATAN``). Half the iterations (a
playout step lists hundreds of build sites) and short playouts; a root of more than 300 moves adds them
best first by their value one step ahead (of 600 sites and extensions, the extension that takes a medal
first: without it the search tried 200 of them at random). A build cut off half made (site chosen, cards or coins
still to pay) is paid for by its best options before the playout (``Profile.finish``), not at random. With three or
four merchants a lead is judged by how far the margin may still move (``spread``: the extensions left), not by a
scale that grows with the scores, and a merchant's margin is taken over the others' mean (``RIVALS``), not over the
leader alone. ``terms`` splits the projection into its named
parts (``TERMS``), which a hint words as the reason for a move.

The weights are a beginner's, not fitted: a least-squares fit on 455–460 games between beginners (medals, coins, cards
and charlatans each weighed by how far the game has run, with or without the stalls held) named the final leader
more often than this projection (52.9 % of held-out positions against 49.2 %), yet played worse at three merchants on
the same seeds (docs/BENCHMARKS.md, issue #21's tenth round), as a fitted projection did in Marrakech.
"""

from __future__ import annotations

import math

from ai.levels import Profile
from engines.cairo.data import load_cairo_data
from engines.cairo.state import CairoState

PROFILE = Profile(scale=0.5, playout_work=500, prior_above=300, finish=True, steady_width=True)
"""Kept against the arena's trials at three merchants: no playout, UCB exploration 0.1, 0.2 and 1.2 (the default 0.7
kept), a wider root (``widen=3``), and (at three and four) coins counted above their final third of a point while
extensions are left; none did better (docs/BENCHMARKS.md, issue #21's eighth round).
``steady_width``: ``hard`` (five times ``normal``'s iterations) weighs as many moves as ``normal`` would, each
searched five times as often; widening with its budget it weighed 78 root moves instead of 35 and won 23 of 50
against ``normal``, steadied 32 of the same 50 (the eleventh round). On fresh seeds (games 50-67) the gain was not
repeated: 9 of 18 steadied, 9.5 of 18 without (the twelfth round); taken to 100 games (seeds 0-99), steadied ``hard``
won 55, 23 of the 50 fresh ones (the thirteenth round). Kept: not measured worse beyond noise.
``prior_above``: priors at every root wider than ``normal`` considers (36 moves and more, not 300) played the same,
-0.006 +- 0.033 a game over 290 games at three and four merchants (issue #21's sixteenth round)."""

RIVALS = "mean"
"""With three or four merchants a merchant's margin is his projected score less the others' mean (``ai.worth.rivals``):
every other merchant's points count against him, not the leader's alone. Against the best other only, a point taken
by a trailing merchant looked free, and the search spent its moves on the leader. Against beginners, game by game on
the same seeds (200-419, both table sizes, 440 games), the change won +0.075 +- 0.032 a game (four merchants about
+0.10 on each of seeds 200-299, 300-359 and 360-419, three merchants on 300-359 only); with seeds 100-199, where
main's totals alone were on record (there -0.00 at three and -0.03 at four), +0.047 over 640 (docs/BENCHMARKS.md,
issue #21's fifteenth round). In Marrakech at three it won no more (-0.04 +- 0.06 over 120 games), so there the
leader alone counts."""

CARD = 1.0
"""A building card in hand, in points: 0.6 and 1.4 both played worse at three merchants (-0.11 and -0.22 a game over
about 50 games each, issue #21's sixteenth round)."""
CHARLATAN = 0.5
"""A charlatan in hand, in points: 0.2 read -0.11 at three merchants and +0.05 at four over about 70 games each
(issue #21's sixteenth round)."""
MEDALS = load_cairo_data().medal_points
PER_POINT = load_cairo_data().coins_per_point
EXTENSIONS = len(load_cairo_data().colours) * load_cairo_data().extensions_per_colour
SPREAD = (2.0, 1.5)
"""With three or four merchants the margin may still move ``SPREAD[0] + SPREAD[1] * sqrt(extensions left)`` points
(one standard deviation), as the search judges a lead. A guess, wider than the margin really moves between
beginners (fitted on 600 of their games: ``-0.6 + 0.26 * left``), and it plays better than that fit and than a wider
guess (``4 + 2 * sqrt(left)``) on the same seeds (docs/BENCHMARKS.md, "Kairo with 3 and 4 players, second round" and
issue #21's sixth round)."""
TERMS = ("score", "medals", "coins", "hand", "charlatans")
"""The parts of ``project``, by stable id: the running score, medals held, coins, building cards, charlatans."""


def project(state: CairoState) -> list[float | None]:
    """Each merchant's final score as it looks now (None for one who has left)."""
    seats = state.num_players
    found: list[float | None] = [None if seat in state.resigned else float(state.scores[seat]) for seat in range(seats)]
    if not state.scores:
        return [0.0] * seats
    for holders in state.medals.values():
        for medal, holder in holders.items():
            if holder is not None and 0 <= holder < seats and (value := found[holder]) is not None:
                found[holder] = value + MEDALS[medal]
    for seat, value in enumerate(found):
        if value is None:
            continue
        coins = sum(state.coins[seat].values()) / PER_POINT if state.coins else 0.0
        hand = CARD * len(state.hands[seat]) if state.hands else 0.0
        charlatans = CHARLATAN * state.charlatans[seat] if state.charlatans else 0.0
        found[seat] = value + coins + hand + charlatans
    return found


def spread(state: CairoState) -> float | None:
    """How far the margin may still move by the end (one standard deviation, in points), with three or four
    merchants: more while many extensions (the points of the game) are left. None with two (``ai.evaluate``'s scale
    that grows with the scores)."""
    if state.num_players < 3:
        return None
    left = EXTENSIONS - sum(len(stall.extensions) for stall in state.stalls)
    return SPREAD[0] + SPREAD[1] * math.sqrt(max(left, 0))


def terms(state: CairoState) -> list[dict[str, float] | None]:
    """``project`` split into ``TERMS`` for each merchant (they add up to it; None for one who has left)."""
    seats = state.num_players
    if not state.scores:
        return [dict.fromkeys(TERMS, 0.0) for _ in range(seats)]
    found: list[dict[str, float] | None] = [
        None if seat in state.resigned else dict.fromkeys(TERMS, 0.0) for seat in range(seats)
    ]
    for holders in state.medals.values():
        for medal, holder in holders.items():
            if holder is not None and 0 <= holder < seats and (parts := found[holder]) is not None:
                parts["medals"] += MEDALS[medal]
    for seat, parts in enumerate(found):
        if parts is None:
            continue
        parts["score"] = float(state.scores[seat])
        parts["coins"] = sum(state.coins[seat].values()) / PER_POINT if state.coins else 0.0
        parts["hand"] = CARD * len(state.hands[seat]) if state.hands else 0.0
        parts["charlatans"] = CHARLATAN * state.charlatans[seat] if state.charlatans else 0.0
    return found
