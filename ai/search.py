"""Choosing a move: information-set Monte Carlo tree search over worlds drawn from one seat's view.

Each iteration draws a full state from the view (``engine.sample_state``, the only way this package
ever holds one), walks the tree choosing moves by UCB for whoever is to move (chance drawn from its
odds; with ``Profile.chance_nodes`` each outcome leads to its own node), adds one new node, plays
random moves until the profile's playout is spent (none in games judged at once) and backs up every
seat's value (``ai.evaluate``: each seat's projected final score). Where a game thins a decision's moves
(``considered``: Jambo's auction bids) the tree holds only those kept. A root wider than the profile's
``prior_above`` adds its moves best first by their value one step ahead (``one_step``). The answer is
the root's most searched move, or with a level's temperature a draw weighted by searches. The same
view, budget and seed give the same move, unless the budget's time cap cuts the search short.

A game whose profile sets ``expectimax`` (a view that hides nothing, chance of few outcomes: Marrakech) is
searched instead, at the levels that play their best move (temperature 0), by depth-limited expectimax
(``ai.expectimax``): every chance outcome weighed by its odds, as deep as a budget of
``iterations * expectimax`` judged positions allows; its candidates are ranked by value, each with the
positions judged under it as its searches.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from ai.evaluate import state_values
from ai.expectimax import root_values
from ai.games import module_of
from ai.levels import LEVELS, Budget, Profile, budget_of, profile_of, steadied
from ai.tree import Node, pick_child
from engines.base import CHANCE, AnyEngine, Engine, S, View


@dataclass(frozen=True)
class Analysis:
    """A search's answer: the move, every root move searched (move, searches, mean value) and the effort."""

    move: str
    candidates: list[tuple[str, int, float]] = field(default_factory=list)
    iterations: int = 0
    seconds: float = 0.0


def choose(
    engine: AnyEngine,
    view: View,
    level: str = "normal",
    seed: int = 0,
    budget: Budget | None = None,
    profile: Profile | None = None,
) -> str:
    """The move ``view.viewer`` makes, seeing only ``view`` (it must be that seat's decision)."""
    return analyse(engine, view, level, seed, budget, profile).move


def analyse(
    engine: AnyEngine,
    view: View,
    level: str = "normal",
    seed: int = 0,
    budget: Budget | None = None,
    profile: Profile | None = None,
) -> Analysis:
    """Search ``view`` at ``level`` (``budget`` and ``profile`` override the level's and the game's) and report
    the move and its rivals."""
    seat = decider(view)
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    rng = random.Random(seed)
    started = time.perf_counter()
    world = engine.sample_state(view, rng)
    moves = engine.legal_moves(world)
    if len(moves) == 1:
        return Analysis(moves[0], [(moves[0], 0, 0.0)], 0, time.perf_counter() - started)
    budget = budget or budget_of(level, engine.name)
    profile = profile or profile_of(engine.name)
    if profile.expectimax > 0 and LEVELS[level].temperature <= 0:
        leaves = max(1, round(budget.iterations * profile.expectimax))
        found, _ = root_values(engine, world, seat, moves, leaves, budget.seconds, profile.beam)
        order = {move: index for index, move in enumerate(moves)}
        candidates = sorted(found, key=lambda c: (-c[2], order[c[0]]))
        judged = sum(leaves for _, leaves, _ in found)
        return Analysis(candidates[0][0], candidates, judged, time.perf_counter() - started)
    # the level's share of normal's iterations, not the budget's: a scaled or explicit budget keeps its level's width
    profile = steadied(profile, LEVELS[level].iterations, LEVELS["normal"].iterations)
    root = Node(len(view.seats))
    moves = considered(engine, world, moves)
    if profile.prior_above and len(moves) > profile.prior_above:
        root.priors = one_step(engine, engine.sample_state(view, rng), seat, moves)
    iterations = run(engine, view, root, budget, profile, rng)
    candidates = ranked(root, seat, moves)
    move = pick(candidates, LEVELS[level].temperature, rng)
    return Analysis(move, candidates, iterations, time.perf_counter() - started)


def one_step(engine: Engine[S], world: S, seat: int, moves: list[str]) -> dict[str, float]:
    """Each move's value to ``seat`` right after it (a half-made move finished with its first options), in ``world``.

    A wide root adds its moves to the tree best first by this (``Profile.prior_above``): of a Kairo
    turn's thousands of build sites the search then tries those that score first.
    """
    found = {}
    for move in moves:
        after = engine.copy(world)
        engine.apply_in_place(after, move)
        steps = 0
        while steps < 3 and engine.to_move(after) == seat and engine.partial(after):
            engine.apply_in_place(after, engine.legal_moves(after)[0])
            steps += 1
        found[move] = state_values(engine, after)[seat]
    return found


def decider(view: View) -> int:
    """The seat deciding in ``view``: its viewer, who must be the seat to move."""
    if view.viewer is None or view.to_move != view.viewer:
        raise ValueError(f"seat {view.viewer} is not to move (to move: {view.to_move})")
    return view.viewer


def run(engine: Engine[S], view: View, root: Node, budget: Budget, profile: Profile, rng: random.Random) -> int:
    """Search until the budget is spent or the leading move cannot be caught; returns the iterations made."""
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    for done in range(budget.iterations):
        iterate(engine, engine.sample_state(view, rng), root, profile, rng)
        if settled(root, budget.iterations - done - 1) or (deadline is not None and time.perf_counter() > deadline):
            return done + 1
    return budget.iterations


def iterate(engine: Engine[S], state: S, root: Node, profile: Profile, rng: random.Random) -> None:
    """One iteration in one sampled world: walk the tree, add a node, play out, back up."""
    path = [root]
    node = root
    while (seat := engine.to_move(state)) is not None:
        if seat == CHANCE:
            drawn = engine.sample_chance(state, rng)
            engine.apply_in_place(state, drawn)
            if profile.chance_nodes:  # closed loop: what follows each outcome is searched apart
                child = node.children.get((CHANCE, drawn))
                if child is None:
                    child = node.children[(CHANCE, drawn)] = Node(len(node.totals))
                node = child
                path.append(node)
            continue
        fresh = node.visits == 0 and node is not root
        if fresh:
            break
        move, node = pick_child(
            node, seat, considered(engine, state, engine.legal_moves(state)), rng, profile.exploration, profile.widen
        )
        engine.apply_in_place(state, move)
        path.append(node)
    values = playout(engine, state, profile, rng)
    for visited in path:
        visited.record(values)


def playout(engine: Engine[S], state: S, profile: Profile, rng: random.Random) -> list[float]:
    """Random moves until the game ends or the profile's playout is spent; the values of where it stops.

    With ``Profile.finish`` a half-made move (``engine.partial``) is first completed by its best options
    (``finish``), so that a build site is judged built and paid for, not half done or paid at random."""
    if profile.finish:
        finish(engine, state)
    made = listed = 0
    while made < profile.playout and listed < profile.playout_work and (seat := engine.to_move(state)) is not None:
        if seat == CHANCE:
            engine.apply_in_place(state, engine.sample_chance(state, rng))
        else:
            moves = considered(engine, state, engine.legal_moves(state))
            engine.apply_in_place(state, rng.choice(moves))
            made += 1
            listed += len(moves)
    return state_values(engine, state)


def finish(engine: Engine[S], state: S, steps: int = 3) -> None:
    """Complete the half-made move of the seat to move in place, each step by the option best for that seat one
    step ahead (ties: the engine's order), at most ``steps`` steps."""
    while steps > 0 and (seat := engine.to_move(state)) is not None and seat != CHANCE and engine.partial(state):
        best_value, best_move = -1.0, ""
        for move in engine.legal_moves(state):
            after = engine.copy(state)
            engine.apply_in_place(after, move)
            value = state_values(engine, after)[seat]
            if value > best_value:
                best_value, best_move = value, move
        engine.apply_in_place(state, best_move)
        steps -= 1


def considered(engine: Engine[S], state: S, moves: list[str]) -> list[str]:
    """The legal ``moves`` the search tries: all of them, or those the game's ``ai.games.<game>.thin(state, moves)``
    keeps (a few bids of an auction's dozens: with every bid a move, the other seat's node tried absurd raises first
    and a bid of 34 gold for two wares looked good)."""
    thin = getattr(module_of(engine.name), "thin", None)
    return thin(state, moves) if callable(thin) else moves


def settled(root: Node, remaining: int) -> bool:
    """Whether the most searched move leads the next by more than the iterations left."""
    visits = sorted((child.visits for child in root.children.values()), reverse=True)
    return len(visits) > 1 and visits[0] - visits[1] > remaining


def ranked(root: Node, seat: int, moves: list[str]) -> list[tuple[str, int, float]]:
    """The root's moves for ``seat``, most searched first (ties: higher value, then the engine's order)."""
    order = {move: index for index, move in enumerate(moves)}
    found = [(move, child.visits, child.mean(seat)) for (_, move), child in root.children.items() if move in order]
    return sorted(found, key=lambda c: (-c[1], -c[2], order[c[0]]))


def pick(candidates: list[tuple[str, int, float]], temperature: float, rng: random.Random) -> str:
    """The most searched move, or with ``temperature`` > 0 one drawn with odds ``searches ** (1 / temperature)``."""
    if temperature <= 0 or len(candidates) == 1:
        return candidates[0][0]
    weights = [max(visits, 1) ** (1 / temperature) for _, visits, _ in candidates]
    return rng.choices([move for move, _, _ in candidates], weights=weights, k=1)[0]
