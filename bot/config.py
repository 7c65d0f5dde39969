"""Configuration from the environment and an optional ``.env`` file."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Every setting the bot reads. Environment variables are upper case, prefixed ``BAZAAR_``."""

    model_config = SettingsConfigDict(env_prefix="BAZAAR_", env_file=".env", env_ignore_empty=True, extra="ignore")

    token: str = Field(default="", description="The Discord bot token.")
    database: Path = Field(default=Path("var/bazaar.db"), description="SQLite database file.")
    dev_guild: int | None = Field(
        default=None, description="A server id: commands are synced there instantly (development)."
    )
    log_level: str = "INFO"
