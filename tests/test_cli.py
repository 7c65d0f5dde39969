"""The command line as an operator meets it: missing, blank and refused tokens get one clear line, not a traceback."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.config import Settings
from bot.fakediscord import FakeDiscord


def test_a_token_of_spaces_counts_as_no_token(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("BAZAAR_TOKEN", "   ")
    monkeypatch.delenv("FAKEDISCORD_API_URL", raising=False)
    assert not Settings().has_token
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert "BAZAAR_TOKEN is not set" in err and "discord.com/developers/applications" in err
    assert "Traceback" not in err


def test_the_token_is_kept_secret_in_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BAZAAR_TOKEN", "abc.def.ghi")
    settings = Settings()
    assert "abc.def.ghi" not in repr(settings) and settings.token.get_secret_value() == "abc.def.ghi"


async def test_a_token_discord_refuses_gets_one_clear_line(tmp_path: Path) -> None:
    fake = FakeDiscord()
    await fake.start()
    try:
        env = {**os.environ, **fake.environment(), "BAZAAR_DATABASE": str(tmp_path / "b.db")}
        env["FAKEDISCORD_TOKEN"] = "not.the.token"
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "run", env=env, stderr=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
        )
        _, err = await asyncio.wait_for(process.communicate(), 60)
    finally:
        await fake.stop()
    text = err.decode()
    assert process.returncode == 2, text
    assert "Discord refused the token" in text and "discord.com/developers/applications" in text
    assert "Traceback" not in text


def test_env_example_lists_every_setting_and_loads_as_the_defaults() -> None:
    text = Path(".env.example").read_text(encoding="utf-8")
    listed = {line.split("=", 1)[0] for line in text.splitlines() if "=" in line and not line.startswith("#")}
    assert listed == {f"BAZAAR_{name.upper()}" for name in Settings.model_fields}
    loaded = Settings(_env_file=".env.example")  # type: ignore[call-arg]
    assert loaded.model_dump(exclude={"token"}) == Settings(token="").model_dump(exclude={"token"}) | {
        "database": "var/bazaar.db"
    }


def test_docker_compose_runs_two_shard_processes_on_one_postgresql_with_real_settings() -> None:
    """The operators' compose file: every BAZAAR_ variable it sets is a setting the bot reads, the shards split
    the count between them, and only one process registers the slash commands."""
    text = Path("docker-compose.yml").read_text(encoding="utf-8")
    names = set(re.findall(r"^\s+(BAZAAR_[A-Z_]+):", text, re.MULTILINE))
    assert names, "the bot services set BAZAAR_ variables"
    assert names <= {f"BAZAAR_{name.upper()}" for name in Settings.model_fields}, "a variable the bot does not read"
    counts = set(re.findall(r'BAZAAR_SHARD_COUNT: "(\d+)"', text))
    ids = sorted(int(i) for i in re.findall(r'BAZAAR_SHARD_IDS: "(\d+)"', text))
    assert counts == {str(len(ids))} and ids == list(range(len(ids))), "each shard run by exactly one service"
    assert text.count('BAZAAR_SYNC_COMMANDS: "false"') == len(ids) - 1
    assert all(url.startswith("postgresql://") for url in re.findall(r"BAZAAR_DATABASE: (\S+)", text)), (
        "every process shares the one PostgreSQL"
    )
    Settings(  # the values parse as the bot's settings
        token="x", database="postgresql://bazaar:bazaar@postgres/bazaar", shard_count=len(ids), shard_ids="0"
    ).shards()
