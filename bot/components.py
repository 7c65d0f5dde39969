"""Buttons and selects that survive restarts.

Every component is a ``DynamicItem``: its ``custom_id`` carries all it needs (the game id, the
game version it was made for, the move), and the bot registers the templates at start-up, so a
click is routed by ``custom_id`` alone, even on a message posted before a restart. A move
component made for an older version of the game is refused as out of date.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.errors import guarded
from bot.games import adapter
from engines.base import CHANCE

if TYPE_CHECKING:
    from bot.host import Played

BUTTON_LIMIT = 5
SELECT_LIMIT = 25


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"bz:lobby:(?P<action>join|leave|start):(?P<game>\d+)",
):
    """Join / Leave / Start on a game's lobby message."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
    }

    def __init__(self, action: str, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=action.capitalize(), style=self.STYLES[action], custom_id=f"bz:lobby:{action}:{game_id}"
            )
        )
        self.action = action
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(match["action"], int(match["game"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        from bot import lobby

        await lobby.lobby_action(interaction, self.game_id, self.action)


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"bz:mv:(?P<game>\d+):(?P<version>\d+):(?P<index>\d+)",
):
    """One legal move of the turn prompt: the index into the legal moves at that game version."""

    def __init__(self, game_id: int, version: int, index: int, label: str = "move", emoji: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                emoji=emoji,
                style=discord.ButtonStyle.primary,
                custom_id=f"bz:mv:{game_id}:{version}:{index}",
            )
        )
        self.game_id = game_id
        self.version = version
        self.index = index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> MoveButton:
        return cls(int(match["game"]), int(match["version"]), int(match["index"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        from bot import actions

        await actions.play_indexed(interaction, self.game_id, self.version, self.index)


class MoveSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"bz:sel:(?P<game>\d+):(?P<version>\d+)",
):
    """A menu of the legal moves when there are too many for buttons."""

    def __init__(self, game_id: int, version: int, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(
            discord.ui.Select(
                placeholder="Choose your move…",
                options=options or [discord.SelectOption(label="move")],
                custom_id=f"bz:sel:{game_id}:{version}",
            )
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: re.Match[str]
    ) -> MoveSelect:
        return cls(int(match["game"]), int(match["version"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        from bot import actions

        values = (interaction.data or {}).get("values") or []
        await actions.play_moves(interaction, self.game_id, [str(values[0])], expected_version=self.version)


def lobby_view(game_id: int, started: bool = False) -> discord.ui.View | None:
    """Join / Leave / Start buttons, or none once the game has started."""
    if started:
        return None
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start"):
        view.add_item(LobbyButton(action, game_id))
    return view


def turn_view(played: Played) -> discord.ui.View | None:
    """Buttons (up to 5 moves) or a menu (up to 25) for the next decision; none when there are more."""
    seat = played.to_move
    if played.state is None or seat is None or seat == CHANCE:
        return None
    game = adapter(played.game.game)
    public = played.engine.view(played.state, None)
    if not game.public_moves(public):
        return None
    moves = played.engine.legal_moves(played.state)
    view = discord.ui.View(timeout=None)
    if len(moves) <= BUTTON_LIMIT:
        for index, move in enumerate(moves):
            view.add_item(
                MoveButton(played.game.id, played.game.version, index, game.label(move, public), game.emoji(move))
            )
        return view
    if len(moves) <= SELECT_LIMIT and all(len(m) <= 100 for m in moves):
        options = [discord.SelectOption(label=game.label(m, public)[:100], value=m) for m in moves]
        view.add_item(MoveSelect(played.game.id, played.game.version, options))
        return view
    return None
