"""Players: anything that picks a move from one seat's view. The computer and the arena's baselines.

``Player.choose(engine, view, seed)`` sees only the view of the seat to move; the legal moves come
from a world sampled from that view (they are the same in every such world: a seat knows its own
options). ``RandomPlayer`` picks uniformly; ``GreedyPlayer`` looks one move ahead and takes the move
whose result looks best on the public scores (its margin over the best other seat), averaged over
a few sampled worlds; ``SearchPlayer`` is the computer at a level (``ai.search``).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Protocol

from ai.evaluate import margins
from ai.levels import LEVELS, Budget, Profile, budget_of, profile_of
from ai.search import choose, decider
from engines.base import AnyEngine, View


class Player(Protocol):
    """Something that plays a seat: a name for tables, and a move for the view of the seat to move."""

    name: str

    def choose(self, engine: AnyEngine, view: View, seed: int) -> str:
        """A legal move for ``view.viewer``, who is to move; the same arguments give the same move."""
        ...


class RandomPlayer:
    """Any legal move, uniformly."""

    name = "random"

    def choose(self, engine: AnyEngine, view: View, seed: int) -> str:
        decider(view)
        rng = random.Random(seed)
        return rng.choice(engine.legal_moves(engine.sample_state(view, rng)))


class GreedyPlayer:
    """The move whose result looks best to the seat (its score margin), averaged over ``worlds`` samples."""

    name = "greedy"

    def __init__(self, worlds: int = 3) -> None:
        self.worlds = worlds

    def choose(self, engine: AnyEngine, view: View, seed: int) -> str:
        seat = decider(view)
        rng = random.Random(seed)
        worlds = [engine.sample_state(view, rng) for _ in range(self.worlds)]
        moves = engine.legal_moves(worlds[0])
        if len(moves) == 1:
            return moves[0]
        totals = dict.fromkeys(moves, 0.0)
        for world in worlds:
            for move in moves:
                after = engine.copy(world)
                engine.apply_in_place(after, move)
                scores = [s.score or 0 for s in engine.view(after, seat).seats]
                totals[move] += margins(scores)[seat]
        best = max(totals.values())
        return rng.choice([move for move in moves if totals[move] == best])


class SearchPlayer:
    """The computer at ``level`` (``ai.levels.LEVELS``).

    ``scale`` multiplies its iterations (quick arena runs); ``capped`` False drops the level's time
    cap, so that what it plays depends on the seed alone and not on how busy the machine is; ``tune``
    changes fields of the game's search settings (``"playout=0,exploration=0.5"``: arena trials).
    """

    def __init__(self, level: str = "normal", scale: float = 1.0, capped: bool = True, tune: str = "") -> None:
        self.level = level
        self.scale = scale
        self.capped = capped
        self.tune = tune
        self.name = (level if scale == 1 else f"{level}×{scale:g}") + (f" [{tune}]" if tune else "")

    def choose(self, engine: AnyEngine, view: View, seed: int) -> str:
        budget = budget_of(self.level, engine.name)
        profile = tuned(profile_of(engine.name), self.tune) if self.tune else None
        if profile is not None:  # a tuned scale changes the budget too
            budget = Budget(max(1, round(LEVELS[self.level].iterations * profile.scale)), budget.seconds)
        iterations = max(1, round(budget.iterations * self.scale))
        return choose(
            engine, view, self.level, seed, Budget(iterations, budget.seconds if self.capped else None), profile
        )


def tuned(profile: Profile, tune: str) -> Profile:
    """``profile`` with the fields ``tune`` names changed (``"playout=0,widen=3"``; numbers only)."""
    changes: dict[str, float] = {}
    for item in tune.split(","):
        name, _, value = item.partition("=")
        if name.strip() not in Profile.__dataclass_fields__:
            raise ValueError(f"no search setting {name!r}: {', '.join(Profile.__dataclass_fields__)}")
        changes[name.strip()] = float(value)
    kinds = {name: str(f.type) for name, f in Profile.__dataclass_fields__.items()}
    fields: dict[str, Any] = {
        n: int(v) if kinds[n] in ("int", str(int)) else bool(v) if kinds[n] in ("bool", str(bool)) else v
        for n, v in changes.items()
    }
    return replace(profile, **fields)
