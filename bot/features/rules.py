"""``/<game> rules [topic]``: the game's quick reference, page by page, only to whoever asks.

The pages and their words come from ``bot.core.rules`` (each game's ``bot.games.<game>.rules``).
Without a topic the first page comes; every page has ◀ Previous / Next ▶ buttons and a menu to jump
to a topic. They are persistent components (``bz:rules:<game>:<topic>``, ``bz:rulesmenu:<game>``):
they name no game id, since the rules need no game, and they work after a restart. The setup page
comes with the board of a fresh game, drawn once per process in the images pool. Nothing is posted
publicly and no reply mentions anyone.
"""

from __future__ import annotations

import io
import logging
import re
from typing import Any, Self

import discord
from discord import app_commands
from discord.ext import commands

import engines
from bot.core import language
from bot.core.catalog import N_
from bot.core.rules import PICTURED, TOPICS, fresh_view, page_number, page_text, topic_title
from bot.core.text import LABEL_LIMIT, fit_alt, shorten
from bot.core.wording import say_for
from bot.ui.components import persistent_view
from bot.ui.context import group_name, make_command
from bot.ui.errors import acknowledge, report
from bot.ui.reader import adopt
from bot.ui.seen import first_time
from bot.ui.services import services

log = logging.getLogger("bazaar.rules")

PREVIOUS, NEXT = N_("◀ Previous"), N_("Next ▶")
JUMP = N_("Jump to a topic")
PICTURE_FILE = "{game}-rules.png"
PICTURE_ALT = N_("The board of a new game of {title}, as it looks before the first move.")
NO_MENTIONS = discord.AllowedMentions.none()
GAME_NAME = r"[a-z][a-z0-9_]{0,30}"
TOPIC_NAME = r"[a-z]{1,20}"

_pictures: dict[tuple[str, str], bytes] = {}
"""The fresh board of each game in each language, drawn once per process."""


async def picture(client: Any, game: str) -> discord.File | None:
    """The board of a fresh game of ``game`` as an attachment (None if it cannot be drawn: the text still comes)."""
    key = (game, language.current())  # the rules are the reader's: the board's words in their language
    if key not in _pictures:
        try:
            _pictures[key] = await services(client).images.board(fresh_view(game))
        except Exception:
            log.exception("no picture for the %s rules", game)
            return None
    alt = fit_alt(say_for(game, ()).fill(PICTURE_ALT, {"title": engines.get(game).title}))
    return discord.File(io.BytesIO(_pictures[key]), filename=PICTURE_FILE.format(game=game), description=alt)


class RulesComponent:
    """What the rules' button and menu share: the game they are about, and a click turned into a page."""

    game: str

    async def show(self, interaction: discord.Interaction, topic: str) -> None:
        if not first_time(interaction):
            return
        await adopt(interaction)
        try:
            game = engines.get(self.game).name
            await acknowledge(interaction)
            content, view, files = await page(interaction.client, game, topic)
            await interaction.edit_original_response(
                content=content, view=view, attachments=files, allowed_mentions=NO_MENTIONS
            )
        except Exception as exc:
            await report(interaction, exc)


class RulesPageButton(
    RulesComponent,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"bz:rules:(?P<game>{GAME_NAME}):(?P<topic>{TOPIC_NAME})",
):
    """◀ Previous / Next ▶ under a rules page: shows the page of ``topic`` in the same private reply."""

    def __init__(self, game: str, topic: str, *, label: str = "…", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=shorten(label, LABEL_LIMIT),
                style=discord.ButtonStyle.secondary,
                custom_id=f"bz:rules:{game}:{topic}",
                disabled=disabled,
            )
        )
        self.game, self.topic = game, topic

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> Self:
        return cls(match["game"], match["topic"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.show(interaction, self.topic)


class RulesTopicMenu(
    RulesComponent, discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"bz:rulesmenu:(?P<game>{GAME_NAME})"
):
    """The menu under a rules page: the chosen topic's page, in the same private reply."""

    def __init__(self, game: str, options: list[discord.SelectOption] | None = None, placeholder: str = "…") -> None:
        super().__init__(
            discord.ui.Select(
                placeholder=shorten(placeholder, 150),
                options=options or [discord.SelectOption(label="…")],
                custom_id=f"bz:rulesmenu:{game}",
            )
        )
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> Self:
        return cls(match["game"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = [str(v) for v in self.item.values]
        await self.show(interaction, values[0] if values and values[0] in TOPICS else TOPICS[0])


def rules_view(game: str, topic: str) -> discord.ui.View:
    """Previous / Next (greyed at the ends) and the topic menu, for the page of ``topic``."""
    say = say_for(game, ())
    number = page_number(topic)
    before = TOPICS[max(number - 2, 0)]
    after = TOPICS[min(number, len(TOPICS) - 1)]
    options = [
        discord.SelectOption(label=shorten(topic_title(say, t), LABEL_LIMIT), value=t, default=t == topic)
        for t in TOPICS
    ]
    return persistent_view(
        RulesPageButton(game, before, label=say._(PREVIOUS), disabled=number == 1),
        RulesPageButton(game, after, label=say._(NEXT), disabled=number == len(TOPICS)),
        RulesTopicMenu(game, options, say._(JUMP)),
    )


async def page(client: Any, game: str, topic: str) -> tuple[str, discord.ui.View, list[discord.File]]:
    """One page: its text, its buttons and menu, and its picture (only the setup page has one)."""
    topic = topic if topic in TOPICS else TOPICS[0]
    drawn = await picture(client, game) if topic == PICTURED else None
    files = [drawn] if drawn is not None else []
    return page_text(game, topic), rules_view(game, topic), files


def topic_choices() -> list[app_commands.Choice[str]]:
    """The ``topic`` option's fixed choices, named in the shared catalog."""
    say = say_for("bazaar", ())
    return [app_commands.Choice(name=topic_title(say, t), value=t) for t in TOPICS]


@app_commands.choices(topic=topic_choices())
async def rules(interaction: discord.Interaction, topic: app_commands.Choice[str] | None = None) -> None:
    """This game's rules, page by page: what you need, a turn, scoring, the end, commands (only to you)."""
    game = group_name(interaction)
    await acknowledge(interaction, ephemeral=True, thinking=True)
    content, view, files = await page(interaction.client, game, topic.value if topic else TOPICS[0])
    extra: dict[str, Any] = {"files": files} if files else {}
    await interaction.followup.send(content, view=view, ephemeral=True, allowed_mentions=NO_MENTIONS, **extra)


async def setup(bot: commands.Bot) -> None:
    """Add ``rules`` to every game's group; register its button and menu."""
    svc = services(bot)
    for group in svc.game_groups.values():
        group.add_command(make_command("rules", rules))
    bot.add_dynamic_items(RulesPageButton, RulesTopicMenu)
