"""Recording what happened: public events whose parameters may name seats, and face-down ones.

``Events.emit`` reserves the keyword ``seat`` for an event only one seat may read, so Morocco's
events, which name seats in their parameters (``{"seat": 2, ...}``), are built here.
"""

from __future__ import annotations

from engines.base import Event, Events, JSONValue


def tell(events: Events, code: str, /, **params: JSONValue) -> None:
    """An event everyone may read."""
    events.add(Event(code, params))


def tell_privately(events: Events, code: str, seat: int, public: Event, /, **params: JSONValue) -> None:
    """An event only ``seat`` reads as it is; everyone else reads ``public``."""
    events.add(Event(code, params, seat, public))
