"""Turn deadlines: the notice posted when a player runs out of time, its buttons, and what they do.

Past the deadline the other players get two buttons: **Skip turn** plays the engine's safe default
move(s) for the late seat, **Remove player** takes the seat out of the game (the game goes on where
its rules allow, else it ends and is scored). The buttons are ``DynamicItem``s carrying the game id
and version, so they work after a restart and go stale as soon as the late player moves.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.context import display_name, host_of
from bot.errors import guarded
from bot.posting import announce
from bot.timing import duration_text

if TYPE_CHECKING:
    from bot.host import Played

ACTIONS = ("skip", "remove")


class DeadlineButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"bz:late:(?P<action>skip|remove):(?P<game>\d+):(?P<version>\d+)",
):
    """Skip the late player's turn, or remove them, for the game at that version."""

    LABELS: ClassVar[dict[str, str]] = {"skip": "Skip their turn", "remove": "Remove them from the game"}
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "skip": discord.ButtonStyle.primary,
        "remove": discord.ButtonStyle.danger,
    }

    def __init__(self, action: str, game_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=self.LABELS[action],
                style=self.STYLES[action],
                custom_id=f"bz:late:{action}:{game_id}:{version}",
            )
        )
        self.action = action
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> DeadlineButton:
        return cls(match["action"], int(match["game"]), int(match["version"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await late_action(interaction, self.game_id, self.version, self.action)


def deadline_view(game_id: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ACTIONS:
        view.add_item(DeadlineButton(action, game_id, version))
    return view


def deadline_text(played: Played, waited: float) -> str:
    """The notice: who is late, for how long, and what the others still playing may do (they are pinged)."""
    late = played.name_of(played.to_move)
    gone = played.state.resigned if played.state is not None else []
    others = [f"<@{s.user_id}>" for s in played.seats if s.seat not in (None, played.to_move, *gone)]
    return (
        f"⌛ **{played.engine.title} #{played.game.id}**: {late} has not moved for {duration_text(waited)} "
        f"and the turn deadline has passed. {' '.join(others)}: you can skip {late}'s turn (the bot plays a "
        f"safe move for them) or remove {late} from the game."
    )


def auto_skip_headline(played: Played) -> str:
    """The headline of the board posted after the bot skipped a late turn by itself."""
    return f"{played.name_of(played.to_move)} ran out of time: the bot played a safe move for them (auto-skip)"


async def late_action(interaction: discord.Interaction, game_id: int, version: int, action: str) -> None:
    """Skip or remove the late player for the user who pressed the button."""
    host = host_of(interaction)
    before = await host.snapshot(game_id)
    late = before.name_of(before.to_move)
    by = display_name(interaction.user)
    if action == "skip":
        played = await host.skip_turn(game_id, interaction.user.id, version)
        headline = f"{by} skipped {late}'s turn (the turn deadline had passed)"
    else:
        played = await host.remove_late(game_id, interaction.user.id, version)
        headline = f"{by} removed {late} from the game (the turn deadline had passed)"
    await announce(interaction, played, headline)
    await drop_buttons(interaction.message)


async def drop_buttons(message: discord.Message | None) -> None:
    """Take the buttons off a deadline notice once one was used."""
    if message is None:
        return
    try:
        await message.edit(view=None)
    except discord.HTTPException:
        return
