"""Kairo on Discord: its action commands and how its prompts read."""

from __future__ import annotations

from bot.games import GameAdapter

ADAPTER = GameAdapter("cairo")
