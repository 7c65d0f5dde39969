"""Buttons and menus that survive restarts: one base for all of them.

Every component is a discord.py ``DynamicItem`` whose ``custom_id`` is, for all of them,

    bz:<kind>:<game id>:<game version>:<argument>

so a click is routed by its ``custom_id`` alone, even on a message posted before a restart. The
base class parses it, checks that the game exists and belongs to the server the click came from
(a forged message cannot act on another server's game), hands the click to ``act`` and turns any
failure into a reply (``bot.ui.errors``). Subclasses say only what a click does.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Self

import discord

from bot.core.records import GameRecord
from bot.core.refused import Refused
from bot.core.text import LABEL_LIMIT, shorten
from bot.ui.cooldown import too_fast
from bot.ui.errors import report
from bot.ui.reader import adopt
from bot.ui.seen import first_time
from bot.ui.services import services

NEVER = r"(?!)"
"""A template that matches nothing: the bases below are never registered themselves."""


def pattern(kind: str) -> str:
    """The ``custom_id`` template of one kind of component."""
    return rf"bz:{kind}:(?P<game>\d{{1,15}}):(?P<version>\d{{1,15}}):(?P<arg>[\w.\-]{{0,60}})"


def custom_id(kind: str, game_id: int, version: int, arg: str | int = "") -> str:
    """``bz:<kind>:<game>:<version>:<arg>`` (at most 100 characters, as Discord allows)."""
    return f"bz:{kind}:{game_id}:{version}:{arg}"


class GameComponent:
    """What every game component shares: its game, the version it was made for, an argument, and the click."""

    kind: ClassVar[str]
    game_id: int
    version: int
    arg: str

    def __init_subclass__(cls, *, kind: str | None = None, **kwargs: Any) -> None:
        """``class MoveButton(GameButton, kind="mv")``: the kind gives the template."""
        if kind is not None:
            cls.kind = kind
            kwargs["template"] = pattern(kind)
        super().__init_subclass__(**kwargs)

    def _bind(self, game_id: int, version: int, arg: str | int) -> None:
        self.game_id = game_id
        self.version = version
        self.arg = str(arg)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> Self:
        return cls.rebuild(int(match["game"]), int(match["version"]), match["arg"])

    @classmethod
    def rebuild(cls, game_id: int, version: int, arg: str) -> Self:
        """The component for a click (its looks do not matter: only what it does)."""
        return cls(game_id, version, arg)  # type: ignore[call-arg]

    async def callback(self, interaction: discord.Interaction) -> None:
        if not first_time(interaction):
            return
        await adopt(interaction)
        if await too_fast(interaction):
            return
        try:
            record = await checked_game(interaction, self.game_id)
            await self.act(interaction, record)
        except Exception as exc:
            await report(interaction, exc)

    async def act(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """What a click does (the game exists and belongs to this server)."""
        raise NotImplementedError


async def checked_game(interaction: discord.Interaction, game_id: int) -> GameRecord:
    """The game a component names, refused when it does not exist or belongs to another server."""
    record = await services(interaction).store.get_game(game_id)
    if record is None:
        raise Refused("no_game", id=game_id)
    if interaction.guild_id is not None and record.guild_id != interaction.guild_id:
        raise Refused("wrong_server")
    return record


class GameButton(GameComponent, discord.ui.DynamicItem[discord.ui.Button[Any]], template=NEVER):
    """A persistent button about one game. Subclasses: ``class X(GameButton, kind="x")``."""

    def __init__(
        self,
        game_id: int,
        version: int,
        arg: str | int = "",
        *,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        emoji: str | None = None,
        row: int | None = None,
    ) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=shorten(label, LABEL_LIMIT),
            style=style,
            emoji=emoji,
            custom_id=custom_id(self.kind, game_id, version, arg),
        )
        super().__init__(button, row=row)
        self._bind(game_id, version, arg)


class GameSelect(GameComponent, discord.ui.DynamicItem[discord.ui.Select[Any]], template=NEVER):
    """A persistent menu about one game; the chosen values are in ``self.values`` when clicked."""

    def __init__(
        self,
        game_id: int,
        version: int,
        arg: str | int = "",
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "…",
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            placeholder=shorten(placeholder, 150),
            options=options or [discord.SelectOption(label="…")],
            custom_id=custom_id(self.kind, game_id, version, arg),
        )
        super().__init__(select)
        self._bind(game_id, version, arg)

    @staticmethod
    def chosen(interaction: discord.Interaction) -> list[str]:
        """The values picked in the menu (refused when none: Discord never sends that, a forger might)."""
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values") or []]
        if not values:
            raise Refused("empty_choice")
        return values


def persistent_view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A view holding ``items``, to be sent and then forgotten.

    Every item is a ``DynamicItem`` whose kind the bot registers once (``bot.add_dynamic_items``), so a click is
    routed by its ``custom_id`` alone; the view itself need not listen. It is stopped before it is sent: discord.py
    keeps a view it sends until the view stops, and gives one sent privately (ephemeral) a 15-minute timeout, a task
    asleep for each: at the table's pace, thousands of views and tasks held for nothing (a whole game of Jambo left
    a thousand). A stopped view is sent as it is (its buttons and menus) and never stored.
    """
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view
