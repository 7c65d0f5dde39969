"""The market stands: wares on them, the supply, free spaces and the large stand's sixth-space fee.

Each player has the large stand (6 spaces) and any small stands they built (3 spaces each). The
state keeps per seat how many of each ware they hold and how many stand on the large stand. The
bot places and removes wares for the player in the way that costs least: new wares go to small
stands first; a ware leaves a small stand first while the large stand is full (so it stays full
and owes no new fee), otherwise it leaves the large stand first. Filling the large stand's sixth
space costs the fee, each time it is filled, by any card; a ware that only fits there when its
owner cannot pay the fee does not fit.
"""

from __future__ import annotations

from engines.base import Events
from engines.jambo.cards import NW, ware_list
from engines.jambo.data import DATA
from engines.jambo.state import JamboState, own

LARGE = DATA.large_stand_spaces
SMALL = DATA.small_stand_spaces
FEE = DATA.large_stand_fee
PER_KIND = DATA.wares_per_kind
WARE_RANGE = range(NW)


def supply(state: JamboState, ware: int) -> int:
    """Tokens of ``ware`` left in the supply (6 of each kind in the game, a hard limit)."""
    return PER_KIND - state.wares[0][ware] - state.wares[1][ware] - state.table_wares[ware]


def supply_counts(state: JamboState) -> list[int]:
    """Tokens of each ware left in the supply."""
    first, second = state.wares
    return [PER_KIND - a - b - t for a, b, t in zip(first, second, state.table_wares, strict=True)]


def held(state: JamboState, seat: int) -> int:
    """How many wares ``seat`` has on their stands."""
    return sum(state.wares[seat])


def capacity(state: JamboState, seat: int) -> int:
    return LARGE + SMALL * state.smalls[seat]


def free_spaces(state: JamboState, seat: int) -> int:
    return LARGE + SMALL * state.smalls[seat] - sum(state.wares[seat])


def small_free(state: JamboState, seat: int) -> int:
    return SMALL * state.smalls[seat] - sum(state.wares[seat]) + state.large[seat]


def fee_for(state: JamboState, seat: int, count: int) -> int:
    """The fee owed if ``count`` wares are placed now (small stands first): due when they fill the large stand."""
    return fee_owed(count, small_free(state, seat), LARGE - state.large[seat])


def fee_owed(count: int, small_room: int, large_room: int) -> int:
    """The fee for placing ``count`` wares, small stands first, with ``small_room`` and ``large_room`` free spaces."""
    return FEE if large_room > 0 and count - small_room >= large_room else 0


def can_place(state: JamboState, seat: int, count: int, spending: int = 0) -> bool:
    """Whether ``count`` wares fit on ``seat``'s stands, the fee included, after paying ``spending`` gold."""
    if free_spaces(state, seat) < count:
        return False
    return state.gold[seat] - spending >= fee_for(state, seat, count)


def place(state: JamboState, seat: int, ware: int, events: Events) -> bool:
    """Put one ``ware`` on ``seat``'s stands if it fits (paying the fee if it fills the large stand)."""
    if small_free(state, seat) > 0:
        own(state, "wares")[seat][ware] += 1
        return True
    if state.large[seat] >= LARGE:
        return False
    if state.large[seat] == LARGE - 1:
        if state.gold[seat] < FEE:
            return False
        own(state, "gold")[seat] -= FEE
        events.emit("stand_fee", seat=seat, gold=FEE)
    own(state, "large")[seat] += 1
    own(state, "wares")[seat][ware] += 1
    return True


def gain(state: JamboState, seat: int, wares: list[int], events: Events) -> int:
    """Wares given to ``seat`` by a card: those that do not fit are held over; returns how many.

    The player then chooses which wares, old or new, go back to the supply (the overflow rule).
    """
    over = 0
    for ware in wares:
        if not place(state, seat, ware, events):
            own(state, "wares")[seat][ware] += 1
            over += 1
    return over


def remove(state: JamboState, seat: int, ware: int) -> None:
    """Take one ``ware`` off ``seat``'s stands (see the module docstring for which stand)."""
    on_small = held(state, seat) - state.large[seat]
    own(state, "wares")[seat][ware] -= 1
    if state.large[seat] >= LARGE and on_small > 0:
        return
    if state.large[seat] > 0:
        own(state, "large")[seat] -= 1


def remove_counts(state: JamboState, seat: int, counts: tuple[int, ...] | list[int]) -> None:
    for ware in range(NW):
        for _ in range(counts[ware]):
            remove(state, seat, ware)


def kinds_held(state: JamboState, seat: int) -> list[int]:
    """The wares ``seat`` holds, in table order."""
    mine = state.wares[seat]
    return [w for w in WARE_RANGE if mine[w]]


def kinds_in_supply(state: JamboState, at_least: int = 1) -> list[int]:
    """The wares the supply holds ``at_least`` of, in table order."""
    first, second = state.wares
    table = state.table_wares
    return [w for w in WARE_RANGE if PER_KIND - first[w] - second[w] - table[w] >= at_least]


def wares_text(counts: list[int] | tuple[int, ...]) -> list[str]:
    """Ware counts as names, for event parameters."""
    return ware_list(counts)


def fits_one(state: JamboState, seat: int) -> bool:
    """Whether one more ware fits on ``seat``'s stands now (the sixth space only if the fee can be paid)."""
    if small_free(state, seat) > 0 or state.large[seat] < LARGE - 1:
        return True
    return state.large[seat] == LARGE - 1 and state.gold[seat] >= FEE
