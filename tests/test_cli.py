"""The command line as an operator meets it: missing, blank and refused tokens get one clear line, not a traceback."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.config import Settings
from bot.core.db import open_database
from bot.health import health as check_health
from offline.fakediscord import FakeDiscord


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
    compose_only = {"BAZAAR_DB_PASSWORD"}
    assert listed - compose_only == {f"BAZAAR_{name.upper()}" for name in Settings.model_fields}
    loaded = Settings(_env_file=".env.example")  # type: ignore[call-arg]
    assert loaded.model_dump(exclude={"token"}) == Settings(token="").model_dump(exclude={"token"}) | {
        "database": "var/bazaar.db"
    }


def test_docker_compose_runs_two_shard_processes_on_one_postgresql_with_real_settings() -> None:
    """The operators' compose file: each bot service's BAZAAR_ variables load as the bot's settings, the
    services run one shard each of the count, all on the one PostgreSQL, and only one registers the commands."""
    text = Path("docker-compose.yml").read_text(encoding="utf-8")
    services = re.split(r"^  (?=[a-z][\w-]*:)", text.split("\nservices:\n", 1)[1].split("\nvolumes:", 1)[0], flags=re.M)
    bots = {}
    for block in services:
        env = dict(re.findall(r"^\s+(BAZAAR_[A-Z_]+): \"?([^\"\n]*)\"?$", block, re.MULTILINE))
        if env:
            bots[block.split(":", 1)[0]] = env
    assert len(bots) == 2, f"two bot services: {sorted(bots)}"
    known = {f"BAZAAR_{name.upper()}" for name in Settings.model_fields}
    shards = []
    for name, env in bots.items():
        assert set(env) <= known, f"{name} sets a variable the bot does not read: {set(env) - known}"
        values = {
            key.removeprefix("BAZAAR_").lower(): value.replace("${BAZAAR_DB_PASSWORD:?set BAZAAR_DB_PASSWORD}", "pw")
            for key, value in env.items()
        }
        values["token"] = "x"
        settings = Settings(**values)
        assert settings.database_url.startswith("postgresql://") and settings.database_url.endswith("@postgres/bazaar")
        shards.append((settings.shards(), settings.sync_commands))
    assert sorted(s for s, _ in shards) == [(2, [0]), (2, [1])], "each of the two shards run by exactly one service"
    assert sorted(sync for _, sync in shards) == [False, True], "one process registers the slash commands"


def test_docker_compose_builds_once_passes_signals_checks_health_and_requires_the_password() -> None:
    """One image for both shard services, an init so SIGTERM reaches the bot, a healthcheck that runs the bot's
    own ``bazaar health``, the database password required (never defaulted), and no volume but the database's."""
    text = Path("docker-compose.yml").read_text(encoding="utf-8")
    assert text.count("build:") == 1, "the image is built once"
    assert "image: bazaar:local" in text.split("\nservices:", 1)[0], "the bot services share one image by name"
    assert "pull_policy: never" in text, "the second shard reuses the built image, never pulls it"
    assert "init: true" in text and 'test: ["CMD", "bazaar", "health"]' in text
    assert "BAZAAR_DB_PASSWORD:-" not in text and "BAZAAR_PASSWORD" not in text
    assert text.count("${BAZAAR_DB_PASSWORD:?set BAZAAR_DB_PASSWORD}") == 3, "postgres and both shards require it"
    assert re.findall(r"^\s+- ([\w-]+):", text, re.M) == ["bazaar-db"], "one named volume, the database's"
    dockerfile = Path("Dockerfile").read_text(encoding="utf-8")
    assert 'CMD ["bazaar", "run"]' in dockerfile, "exec form: the bot itself gets SIGTERM"
    assert "VOLUME" not in dockerfile, "no anonymous volume made for every container"
    assert "HEALTHCHECK" in dockerfile and "BAZAAR_HEARTBEAT_FILE=" in dockerfile
    example = Path(".env.example").read_text(encoding="utf-8")
    assert "BAZAAR_DB_PASSWORD" in example and "BAZAAR_DB_PASSWORD" in Path("README.md").read_text(encoding="utf-8")


def test_health_is_unhealthy_without_a_fresh_heartbeat_and_healthy_with_one(tmp_path: Path) -> None:
    """``bazaar health``: the database must open and the heartbeat file must be fresh (the command's exit status
    and line checked at both ends, the cases between through the same function in this process)."""
    beat = tmp_path / "beat"
    env = {k: v for k, v in os.environ.items() if not k.startswith("BAZAAR_")}
    env |= {"BAZAAR_DATABASE": str(tmp_path / "b.db"), "BAZAAR_HEARTBEAT_FILE": str(beat)}
    settings = Settings(token="", database=str(tmp_path / "b.db"), heartbeat_file=str(beat))

    def health() -> tuple[int, str]:
        done = subprocess.run([sys.executable, "-m", "bot", "health"], env=env, capture_output=True, text=True)
        return done.returncode, done.stderr

    code, err = health()
    assert code == 1 and "no heartbeat yet" in err and "Traceback" not in err
    beat.touch()
    os.utime(beat, (time.time() - 600, time.time() - 600))
    assert "s old: the bot is stuck" in (asyncio.run(check_health(settings)) or "")
    beat.touch()
    assert "there is no database at" in (asyncio.run(check_health(settings)) or "")

    async def create() -> None:
        await (await open_database(tmp_path / "b.db")).close()

    asyncio.run(create())
    assert asyncio.run(check_health(settings)) is None
    assert health() == (0, "")


@pytest.mark.parametrize("command", [["health"], ["replay", "no-such-record.json"], ["ratings", "rebuild"]])
def test_the_operator_commands_load_neither_discord_nor_the_bot(command: list[str], tmp_path: Path) -> None:
    """``bazaar health`` runs every 30 s beside the bot (the container's healthcheck): it, and the other commands
    that do not talk to Discord, import neither discord.py nor the bot's client."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("BAZAAR_")} | {
        "BAZAAR_DATABASE": str(tmp_path / "b.db")
    }
    probe = (
        "import sys\nfrom bot.__main__ import main\n"
        f"try:\n    main({command!r})\nexcept SystemExit:\n    pass\n"
        "print('LOADED', sorted(m for m in sys.modules if m.split('.')[0] in ('discord', 'aiohttp') or m == 'bot.app'))"
    )
    done = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, cwd=tmp_path)
    assert "LOADED []" in done.stdout, (done.stdout[-500:], done.stderr[-500:])
