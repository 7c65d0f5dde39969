"""What the bot object offers to features: the core services and the shared registries.

Features and buttons reach everything through the client of their interaction
(``services(interaction)``) instead of importing the module that built it, so no feature imports
another. ``Controls`` is the registry of message components by name: a feature registers how to
build its buttons (``"moves"``, ``"lobby"``, ``"deadline"``, ``"undo"``) and the courier asks for
them by the name a delivery carries.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

import discord
from discord import app_commands

from bot.core.host import GameHost
from bot.core.images import Images
from bot.core.played import Played
from bot.core.posts import Posts
from bot.core.records import Delivery
from bot.core.schedule import ScheduleStore
from bot.core.store import Store
from bot.ui.drafts import Drafts
from engines.base import View

ControlsBuilder = Callable[[Played, Delivery | None], Awaitable[discord.ui.View | None]]
"""Builds the buttons of a message about ``played`` (for a delivery, or None for a direct reply)."""


@dataclass(frozen=True)
class GameUI:
    """What a game's extension tells the shared features about its move buttons."""

    emoji: dict[str, str] = field(default_factory=dict)
    """A move's emoji on its button."""
    public_moves: Callable[[View], bool] | None = None
    """Whether the legal moves may be shown to everybody as buttons (None: always)."""
    private_choices: bool = False
    """Whether a player's next choice is offered privately, as buttons under their own reply."""
    shortlist: Callable[[list[str], View], list[str]] | None = None
    """The moves worth a button when there are too many for a menu (bids: the next few and pass)."""


class Courier(Protocol):
    """Delivers what the core owes Discord (``bot.ui.courier``)."""

    async def deliver_game(self, game_id: int, played: Played | None = None) -> None: ...

    async def deliver_due(self, grace: float = ...) -> int: ...

    async def board_file(
        self,
        played: Played,
        viewer: int | None,
        *,
        layout: str = ...,
        suffix: str = ...,
        highlight: Any = ...,
        changed: Sequence[str] = ...,
    ) -> discord.File: ...


class Services(Protocol):
    """The bot as features see it."""

    host: GameHost
    posts: Posts
    courier: Courier
    controls: dict[str, ControlsBuilder]
    game_ui: dict[str, GameUI]
    drafts: Drafts
    images: Images
    game_groups: dict[str, app_commands.Group]
    bazaar_group: app_commands.Group

    @property
    def store(self) -> Store: ...

    @property
    def schedule(self) -> ScheduleStore: ...

    def clock(self) -> float: ...


def services(source: discord.Interaction | discord.Client | Any) -> Services:
    """The services of the bot behind an interaction (or the bot itself)."""
    client = source.client if isinstance(source, discord.Interaction) else source
    return cast("Services", client)
