"""Configuration from the environment and an optional ``.env`` file (variables ``BAZAAR_*``)."""

from __future__ import annotations

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.core.address import check_address


class Settings(BaseSettings):
    """Every setting the bot reads. Environment variables are upper case, prefixed ``BAZAAR_``."""

    model_config = SettingsConfigDict(env_prefix="BAZAAR_", env_file=".env", env_ignore_empty=True, extra="ignore")

    token: SecretStr = Field(default=SecretStr(""), description="The Discord bot token.")
    database: str = Field(
        default="var/bazaar.db",
        description="Where games are stored: a file path or sqlite:///path (SQLite), or postgresql://… .",
    )
    dev_guild: int | None = Field(
        default=None, description="A server id: commands are synced there instantly (development)."
    )
    sync_commands: bool = Field(
        default=True, description="Sync slash commands at start-up when they changed since the last sync."
    )
    delivery_lease: float = Field(
        default=30.0, gt=0, description="Seconds a delivery claimed by a process is its own before others may retry it."
    )
    computer_workers: int = Field(
        default=1, ge=0, le=16, description="Worker processes in which computer players think (0: a thread)."
    )
    image_workers: int = Field(
        default=1, ge=0, le=16, description="Worker processes that draw the board images (0: a thread)."
    )
    image_warm_up: bool = Field(
        default=True,
        description="Each image worker draws sample boards as it starts, so that the first boards after a start are "
        "as quick as later ones (false: a lighter start, each first board a tenth of a second slower).",
    )
    replay_frames: int = Field(  # bot.core.replay_image.MAX_FRAMES, not imported: it would load Pillow and the engines
        default=240,
        ge=2,
        le=240,
        description="The most boards a finished game's animated replay shows: a longer game shows every n-th turn, "
        "its first and final boards always (fewer: quicker to draw, for a small machine).",
    )
    computer_iterations: int | None = Field(
        default=None, ge=1, description="Search iterations per computer decision instead of each level's (testing)."
    )
    shard_count: int | None = Field(
        default=None, ge=1, description="How many shards the bot runs in all (unset: one process, Discord's choice)."
    )
    shard_ids: str | None = Field(
        default=None, description="The shards this process runs, e.g. 0,1 or 0-3 (with BAZAAR_SHARD_COUNT)."
    )
    shard_lock_wait: float = Field(
        default=5.0,
        ge=0,
        le=300,
        description="Seconds a starting process on PostgreSQL waits for its shards' lock before refusing to start: a "
        "process just killed holds it until the server notices its connection is gone.",
    )
    clock_tick: float = Field(
        default=60.0, gt=0, description="Seconds between two looks for due reminders and deadlines."
    )
    cooldown_rate: int = Field(
        default=5, ge=0, description="Commands and clicks a user may make per cooldown period (0: no limit)."
    )
    cooldown_seconds: float = Field(default=5.0, gt=0, description="The cooldown period, in seconds.")
    heartbeat_file: str | None = Field(
        default=None, description="A file the running bot touches every few seconds (checked by `bazaar health`)."
    )
    log_level: str = "INFO"

    @field_validator("token", mode="before")
    @classmethod
    def _strip_token(cls, value: object) -> object:
        """A token of spaces is no token."""
        return value.strip() if isinstance(value, str) else value

    @field_validator("database")
    @classmethod
    def _known_address(cls, value: str) -> str:
        """Only the accepted address forms (``bot.core.address``): a mistyped one is refused, not made a file."""
        return check_address(value)

    def shards(self) -> tuple[int, list[int] | None] | None:
        """``(count, ids)`` when this process runs some of the bot's shards; None when Discord chooses."""
        if self.shard_count is None:
            return None
        return self.shard_count, parse_shard_ids(self.shard_ids, self.shard_count)

    @property
    def database_url(self) -> str:
        return str(self.database)

    @property
    def has_token(self) -> bool:
        return bool(self.token.get_secret_value().strip())


def parse_shard_ids(text: str | None, count: int) -> list[int] | None:
    """``"0,2"`` or ``"0-3"`` -> shard ids (each below ``count``); None (all of them) when unset."""
    if not text or not text.strip():
        return None
    ids: list[int] = []
    for part in text.replace(" ", "").split(","):
        low, _, high = part.partition("-")
        ids.extend(range(int(low), int(high or low) + 1))
    if not ids or any(not 0 <= i < count for i in ids):
        raise ValueError(f"shard ids {text!r} must lie in 0..{count - 1}")
    return sorted(set(ids))
