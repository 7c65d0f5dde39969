"""The computer player: it chooses a move from one seat's view of a game, for every engine alike.

This package imports only ``engines`` and the standard library (no Discord, no database), so a
worker process can run it beside anything. The computer is never handed a full state: every entry
point takes a ``View`` (what the seat may see, see ``engines.base``), and the only full states it ever
holds are drawn from that view by ``engine.sample_state``. It cannot cheat because it has nothing to
cheat with.

The search is information-set Monte Carlo tree search (``ai.search``): each iteration draws a world
consistent with the view, walks one tree of moves shared by every world (moves not legal in this
world are skipped), samples chance moves from their odds, plays a short random playout and scores
the result for every seat (``ai.evaluate``). A game whose view hides nothing and whose chance has few
outcomes (Marrakech) is searched at the levels without noise by depth-limited expectimax instead
(``ai.expectimax``: every die face and draw weighed by its odds). Levels (``ai.levels``) differ in budget
and in noise; the same view, level and seed give the same move.

    import ai
    move = ai.choose(engine, engine.view(state, seat), level="normal", seed=42)

``ai.players`` has the same thing as a ``Player`` next to the baselines the arena measures it
against (a random player, a greedy one-move lookahead). ``ai.suggest`` (``ai.hints``) ranks a decision's best
moves with their chances to win and the part of the game's projection each one moves most: the hints.
"""

from ai.hints import Suggestion, suggest
from ai.levels import LEVELS, Budget, Level
from ai.players import GreedyPlayer, Player, RandomPlayer, SearchPlayer
from ai.search import Analysis, analyse, choose

__all__ = [
    "LEVELS",
    "Analysis",
    "Budget",
    "GreedyPlayer",
    "Level",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "Suggestion",
    "analyse",
    "choose",
    "suggest",
]
