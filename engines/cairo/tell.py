"""Recording what a Kairo move does: ``tell`` for what everyone may know, ``tell_seat`` for one seat.

``Events.emit`` reads a ``seat`` keyword as "only this seat may read it"; Kairo's events name the
seat that acts as a parameter called ``seat`` (the bot words it as the player's name), so events
are built here with their parameters in a dict. Nothing is built for ``NO_EVENTS`` (search and
``apply`` read no events).
"""

from __future__ import annotations

from engines.base import NO_EVENTS, Event, Events, JSONValue


def tell(events: Events, code: str, /, **params: JSONValue) -> None:
    """A public event: everyone reads ``code`` with ``params``."""
    if events is not NO_EVENTS:
        events.add(Event(code, params))


def tell_seat(events: Events, seat: int, code: str, public: Event | None, /, **params: JSONValue) -> None:
    """An event only ``seat`` reads as it is; everyone else reads ``public`` (None: nothing)."""
    if events is not NO_EVENTS:
        events.add(Event(code, params, seat, public))
