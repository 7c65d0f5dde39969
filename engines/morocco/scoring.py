"""The final scoring: juice tokens, gold coins, the largest district; the winners and the tie-break."""

from __future__ import annotations

from engines.base import JSONValue, Outcome
from engines.morocco.board import ADJACENT, STALLS
from engines.morocco.data import DATA, JUICE_VALUES
from engines.morocco.state import MoroccoState


def largest_district(state: MoroccoState, seat: int) -> int:
    """The size of ``seat``'s largest orthogonally connected group of market tiles."""
    own = {stall for stall in STALLS if state.tiles[stall] == seat}
    best = 0
    while own:
        frontier = [own.pop()]
        size = 0
        while frontier:
            stall = frontier.pop()
            size += 1
            for near in ADJACENT[stall]:
                if near in own:
                    own.remove(near)
                    frontier.append(near)
        best = max(best, size)
    return best


def juice_points(state: MoroccoState, seat: int) -> int:
    """The value of ``seat``'s face-down juice tokens."""
    held = state.juice_held[seat * 3 : seat * 3 + 3]
    return sum(value * count for value, count in zip(JUICE_VALUES, held, strict=True))


def stalls_claimed(state: MoroccoState, seat: int) -> int:
    """Market tiles of ``seat`` on the board (the tie-break)."""
    return state.tiles.count(seat)


def breakdown(state: MoroccoState) -> dict[str, list[int]]:
    """Each seat's final points by source."""
    seats = range(state.num_players)
    district = [largest_district(state, s) for s in seats]
    result = {
        "track": list(state.points),
        "juice": [juice_points(state, s) for s in seats],
        "gold": [state.gold[s] * DATA.gold_points for s in seats],
        "district": [size * DATA.district_points for size in district],
        "district_size": district,
        "stalls": [stalls_claimed(state, s) for s in seats],
    }
    result["total"] = [
        result["track"][s] + result["juice"][s] + result["gold"][s] + result["district"][s] for s in seats
    ]
    return result


def outcome(state: MoroccoState) -> Outcome | None:
    """Scores and winners once the game is over: most points, then most stalls claimed, else shared."""
    if state.step != "over":
        return None
    parts = breakdown(state)
    playing = [s for s in range(state.num_players) if s not in state.resigned] or list(range(state.num_players))
    best = max((parts["total"][s], parts["stalls"][s]) for s in playing)
    winners = [s for s in playing if (parts["total"][s], parts["stalls"][s]) == best]
    details: dict[str, JSONValue] = {key: value for key, value in parts.items() if key != "total"}
    details["open"] = state.tiles.count(-1)
    return Outcome(
        scores=parts["total"], winners=winners, termination=state.termination or "market_closed", details=details
    )
