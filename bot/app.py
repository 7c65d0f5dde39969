"""The Discord client: builds the core services, loads the features and games as extensions, syncs commands.

``BazaarBot`` is what every feature sees as ``interaction.client`` (``bot.ui.services.Services``):
the host, the store, the schedules, the post composer, the courier, and two registries — the
slash-command groups (one per game, ``/bazaar``) that extensions add their commands to, and the
component builders (``controls``) the courier asks for by name. Extensions are loaded by name; a
broken one is logged and skipped. Slash commands are synced only when they changed (a hash kept in
the database), or on demand with ``bazaar sync``.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import logging
import random
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import engines
from bot.config import Settings
from bot.core.catalog import N_
from bot.core.db import open_database
from bot.core.host import GameHost
from bot.core.images import Images
from bot.core.posts import Posts
from bot.core.ratings import rebuild_if_empty
from bot.core.schedule import ScheduleStore
from bot.core.store import Shards, Store
from bot.core.wording import say_for
from bot.ui.cooldown import Cooldowns, too_fast
from bot.ui.courier import DiscordCourier
from bot.ui.drafts import Drafts
from bot.ui.errors import report
from bot.ui.reader import adopt
from bot.ui.seen import first_time
from bot.ui.services import ControlsBuilder, GameUI
from bot.ui.translator import CatalogTranslator

PLAY_GROUP = N_("Play {title}")
"""The description of a game's command group (``/cairo``)."""

log = logging.getLogger("bazaar")

FEATURES = (
    "bot.features.lobby",
    "bot.features.play",
    "bot.features.history",
    "bot.features.clock",
    "bot.features.me",
    "bot.features.server",
    "bot.features.delivery",
    "bot.features.computers",
    "bot.features.rules",
    "bot.features.ratings",
    "bot.features.records",
)
COMMANDS_HASH_KEY = "commands_hash"
_TRANSLATED: dict[tuple[type, str], str] = {}
"""The translated slash-command payloads this process worked out, by translator and untranslated payload."""


class BazaarTree(app_commands.CommandTree):
    """The command tree with the one error handler for every slash command, deaf to repeated interactions and
    to a user's commands past their cooldown."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if not first_time(interaction):
            return False
        await adopt(interaction)
        return not await too_fast(interaction)

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await report(interaction, error)


def intents() -> discord.Intents:
    """Only what the bot needs: servers, their channels and threads. No members, no message content."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


class BazaarBot(commands.AutoShardedBot):
    """The bot. ``store``, ``rng`` and ``clock`` can be injected (tests); otherwise they come from settings."""

    host: GameHost
    posts: Posts
    courier: DiscordCourier

    def __init__(
        self,
        settings: Settings,
        *,
        store: Store | None = None,
        rng: random.Random | None = None,
        clock: Callable[[], float] = time.time,
        **options: Any,
    ) -> None:
        options.setdefault("chunk_guilds_at_startup", False)
        options.setdefault("max_ratelimit_timeout", 30.0)
        shards = settings.shards()
        if shards is not None:
            options.setdefault("shard_count", shards[0])
            if shards[1] is not None:
                options.setdefault("shard_ids", shards[1])
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())  # a send that forgets pings nobody
        super().__init__(
            command_prefix=commands.when_mentioned, intents=intents(), help_command=None, tree_cls=BazaarTree, **options
        )
        self.settings = settings
        self._store = store
        self._rng = rng
        self.clock = clock
        self._owns_store = store is None
        self.controls: dict[str, ControlsBuilder] = {}
        self.game_ui: dict[str, GameUI] = {}
        self.drafts = Drafts()
        self.cooldowns = Cooldowns(settings.cooldown_rate, settings.cooldown_seconds)
        self.images = Images(
            settings.image_workers, replay_frames=settings.replay_frames, warm_up=settings.image_warm_up
        )
        self.game_groups: dict[str, app_commands.Group] = {}
        self.bazaar_group = app_commands.Group(
            name="bazaar", description="Your Bazaar games and notifications, across servers"
        )
        self.broken_extensions: list[str] = []
        self.stopping = False
        """Set when a graceful stop began (``bot.serve``): no new interaction is taken."""

    @property
    def store(self) -> Store:
        return self.host.store

    @property
    def my_shards(self) -> Shards | None:
        """The shards whose guilds this process looks after (None: all)."""
        if self.shard_count is None or self.shard_ids is None:
            return None
        return Shards(self.shard_count, tuple(self.shard_ids))

    @property
    def schedule(self) -> ScheduleStore:
        return self.host.schedule

    async def setup_hook(self) -> None:
        self.images.start()  # the image workers start and warm up while the bot opens its database and connects
        store = self._store or Store(await open_database(self.settings.database_url))
        await rebuild_if_empty(store.db)  # a database from before ratings: rate its finished games once
        schedule = ScheduleStore(store.db)
        if self.my_shards is None:  # the only process: no other one writes a language behind what it read
            await schedule.load_languages()
        self.posts = Posts(schedule)
        self.host = GameHost(store, schedule, self.posts, self._rng, self.clock)
        self.courier = DiscordCourier(self, self, self.clock, self.settings.delivery_lease)  # type: ignore[arg-type]
        # Before any interaction: what a killed process of these shards was sending is due again, not in a lease.
        await store.release_claims(self.clock(), self.my_shards)
        for engine in engines.all_engines():
            self.game_groups[engine.name] = app_commands.Group(
                name=engine.name,
                description=say_for(engine.name, ()).fill(PLAY_GROUP, {"title": engine.title}),
                guild_only=True,
            )
        for name in (*FEATURES, *(f"bot.games.{e.name}.commands" for e in engines.all_engines())):
            await self._load(name)
        for group in (*self.game_groups.values(), self.bazaar_group):
            self.tree.add_command(group)
        await self.tree.set_translator(CatalogTranslator())
        if self.settings.sync_commands:
            await self.sync_commands(force=False)

    async def _load(self, name: str) -> None:
        """Load one extension: its module, imported once per process, sets this bot up (``setup(bot)``); a broken
        one is logged and skipped.

        discord.py's ``load_extension`` would execute the module afresh at every load, and make every command of
        it again from its callback's signature (a third of a bot's start); imported once, its functions stay the
        same objects and ``bot.ui.context.make_command`` reads each one's signature once per process. An
        extension's module-level names are constants and caches, never one bot's state; two bots in one process
        share no command (``tests/test_e2e_lifecycle.py``)."""
        try:
            module = importlib.import_module(name)
            await module.setup(self)
        except ModuleNotFoundError as exc:
            if exc.name is not None and name.startswith(exc.name):
                log.warning("no extension %s", name)
            else:
                log.exception("extension %s is broken and was skipped", name)
                self.broken_extensions.append(name)
        except Exception:
            log.exception("extension %s is broken and was skipped", name)
            self.broken_extensions.append(name)

    async def commands_payload(self) -> list[dict[str, Any]]:
        """The slash commands as Discord receives them, with their names and descriptions in every language the
        bot speaks (``bot.ui.translator``).

        discord.py asks the translator for every string of every command in each of Discord's ~30 locales
        (about 50,000 questions, a third of a start's CPU): the translated payload is worked out once per
        process for the same commands (``_TRANSLATED``, keyed by the untranslated payload; the catalogs do not
        change while a process runs) and shared by every client of the process (each shard's, each restart's).
        """
        loaded: list[dict[str, Any]] = json.loads(await self._payload_text())  # a copy of its own for each caller
        return loaded

    async def _payload_text(self) -> str:
        """``commands_payload`` as JSON, worked out once per process for the same commands."""
        translator = self.tree.translator
        commands_ = self.tree.get_commands()
        plain = [command.to_dict(self.tree) for command in commands_]
        if translator is None:
            return json.dumps(plain)
        key = (type(translator), json.dumps(plain, sort_keys=True))
        text = _TRANSLATED.get(key)
        if text is None:
            payload = [await command.get_translated_payload(self.tree, translator) for command in commands_]
            text = _TRANSLATED[key] = json.dumps(payload)
        return text

    async def sync_commands(self, force: bool = True) -> bool:
        """Register the slash commands (in the development server if set, else globally) if they changed.

        The payload hashed is the one sent (discord.py's ``CommandTree.sync`` would translate every command again
        to build the same list)."""
        if self.application_id is None:
            raise app_commands.MissingApplicationID
        text = await self._payload_text()
        digest = hashlib.sha256(f"{self.settings.dev_guild}\n{text}".encode()).hexdigest()
        if not force and await self.store.meta(COMMANDS_HASH_KEY) == digest:
            return False
        payload = json.loads(text)
        try:
            guild = self.settings.dev_guild
            if guild:
                self.tree.copy_global_to(guild=discord.Object(id=guild))
                await self.http.bulk_upsert_guild_commands(self.application_id, guild, payload=payload)
            else:
                await self.http.bulk_upsert_global_commands(self.application_id, payload=payload)
        except discord.HTTPException as error:
            if error.status == 400 and error.code == 50035:
                raise app_commands.CommandSyncFailure(error, self.tree.get_commands()) from None
            raise
        await self.store.set_meta(COMMANDS_HASH_KEY, digest)
        where = f" to server {self.settings.dev_guild}" if self.settings.dev_guild else " globally"
        log.info("slash commands synced%s", where)
        return True

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s) in %d servers", self.user, getattr(self.user, "id", "?"), len(self.guilds))

    async def close(self) -> None:
        """Stop: Discord first, then the drawing, then the courier's background deliveries (each ends the row in
        hand, a replay cut off by the drawing's end left for after the restart), then the store they write to."""
        courier = getattr(self, "courier", None)
        if courier is not None:
            courier.closing()
        await super().close()
        self.images.close()
        if courier is not None:
            await courier.close()
        if self._owns_store and hasattr(self, "host"):
            await self.host.store.close()
