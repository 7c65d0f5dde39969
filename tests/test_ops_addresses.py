"""Database addresses as an operator types them: the real command line, in a subprocess, in an empty folder.

A mistyped address is refused in one line naming the accepted forms, and nothing is created; a
well-formed address that cannot be reached (a bad port, an unknown host, a closed port, a refused
user, a missing database) is one line too — never a traceback, never the password.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from pgserver import server_url, with_database

from bot.core.address import BadAddress, check_address

REPO = Path(__file__).resolve().parents[1]
SECRET = "s3cretPW"
MISTYPED = [
    f"postgres:/bazaar:{SECRET}@host/db",
    f"postgresql+asyncpg://bazaar:{SECRET}@host/db",
    f"mysql://bazaar:{SECRET}@host/db",
    "sqlite:/var/bazaar.db",
    "var/bazaar",
    "c:bazaar.db",
]
THROUGH_THE_COMMAND_LINE = [
    pytest.param(address, marks=[] if n == 0 else [pytest.mark.slow], id=address) for n, address in enumerate(MISTYPED)
]
"""The mistyped addresses for the command line: each is one ``python -m bot`` (0.6 s of CPU). Every one is refused
in-process by ``check_address`` in the quick run, and the first through the command line; the command line's
refusal of the others (the same path: ``BadAddress`` to one line) is checked in the slow run."""
UNREACHABLE = [
    (f"postgresql://bazaar:{SECRET}@127.0.0.1:abc/bazaar", "not a valid PostgreSQL address"),
    (f"postgresql://bazaar:{SECRET}@no-such-host.invalid/bazaar", "cannot reach"),
    (f"postgres://bazaar:{SECRET}@127.0.0.1:1/bazaar", "cannot reach"),
]


def bazaar(args: list[str], cwd: Path, **env: str) -> tuple[int, list[str]]:
    """Run ``python -m bot ARGS`` in ``cwd``; its exit code and its stderr's lines."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("BAZAAR_", "FAKEDISCORD_"))}
    environment.update(env, PYTHONPATH=str(REPO), BAZAAR_TOKEN="x")
    done = subprocess.run(
        [sys.executable, "-m", "bot", *args], cwd=cwd, env=environment, capture_output=True, text=True, timeout=60
    )
    return done.returncode, [line for line in done.stderr.splitlines() if line.strip()]


def source_database(folder: Path) -> Path:
    import asyncio

    from bot.core.db import open_database

    async def make() -> None:
        db = await open_database(folder / "source.db")
        await db.close()

    asyncio.run(make())
    return folder / "source.db"


@pytest.mark.parametrize("address", ["sqlite:///var/b.db", "var/b.db", "b.sqlite", "/x/b.sqlite3", "postgres://h/db"])
def test_the_accepted_forms_pass(address: str) -> None:
    assert check_address(address) == address


@pytest.mark.parametrize("address", MISTYPED)
def test_a_mistyped_address_is_refused_naming_the_accepted_forms(address: str) -> None:
    with pytest.raises(BadAddress) as refused:
        check_address(address)
    assert "postgresql://" in str(refused.value) and "sqlite:///" in str(refused.value)
    assert SECRET not in str(refused.value)


@pytest.mark.parametrize("address", THROUGH_THE_COMMAND_LINE)
def test_migrate_refuses_a_mistyped_address_in_one_line_and_creates_nothing(address: str, tmp_path: Path) -> None:
    source = source_database(tmp_path.parent / f"{tmp_path.name}-source")
    code, lines = bazaar(["migrate", "--from", str(source), "--to", address], tmp_path)
    assert code == 2 and len(lines) == 1, lines
    assert "Nothing was copied" in lines[0] and "postgresql://" in lines[0] and SECRET not in lines[0]
    assert list(tmp_path.iterdir()) == [], "no file or folder was made"


@pytest.mark.parametrize("address", THROUGH_THE_COMMAND_LINE)
def test_the_bot_refuses_a_mistyped_bazaar_database_in_one_line(address: str, tmp_path: Path) -> None:
    code, lines = bazaar(["run"], tmp_path, BAZAAR_DATABASE=address)
    assert code == 2 and len(lines) == 1, lines
    assert lines[0].startswith("BAZAAR_DATABASE: ") and "postgresql://" in lines[0] and SECRET not in lines[0]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("address", "said"),
    [
        pytest.param(*case, marks=[] if n == len(UNREACHABLE) - 1 else [pytest.mark.slow])
        for n, case in enumerate(UNREACHABLE)
    ],
)  # a bot process each: the quick run starts one, the full run all three
def test_an_unreachable_database_is_one_line_for_migrate_and_run(address: str, said: str, tmp_path: Path) -> None:
    source = source_database(tmp_path.parent / f"{tmp_path.name}-source")
    code, lines = bazaar(["migrate", "--from", str(source), "--to", address], tmp_path)
    assert code == 2 and len(lines) == 1 and said in lines[0] and SECRET not in lines[0], lines
    code, lines = bazaar(["run"], tmp_path, BAZAAR_DATABASE=address)
    assert code == 2 and len(lines) == 1 and said in lines[0] and SECRET not in lines[0], lines
    assert list(tmp_path.iterdir()) == []


def test_a_refused_user_and_a_missing_database_are_one_line(tmp_path: Path) -> None:
    server = server_url()
    source = source_database(tmp_path.parent / f"{tmp_path.name}-source")
    missing = with_database(server, "no_such_database_here")
    parts = urlsplit(server)
    stranger = f"postgresql://nobody_here:{SECRET}@{parts.hostname}:{parts.port or 5432}{parts.path}"
    for address, said in ((missing, "has no such database"), (stranger, "refused the user name or password")):
        code, lines = bazaar(["migrate", "--from", str(source), "--to", address], tmp_path)
        assert code == 2 and len(lines) == 1 and said in lines[0] and SECRET not in lines[0], lines
    assert list(tmp_path.iterdir()) == []
