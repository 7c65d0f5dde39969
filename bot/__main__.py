"""Command line: ``bazaar run`` (the bot on Discord), ``bazaar sync`` (register slash commands),
``bazaar local`` (play against a local stand-in for Discord), ``bazaar catalogs`` (message catalogs),
``bazaar migrate`` (copy the games to another database, e.g. SQLite to PostgreSQL), ``bazaar health``
(the container's healthcheck), ``bazaar replay FILE`` (word and check a game record), ``bazaar backup`` /
``bazaar restore`` (a SQLite file of every game)."""

from __future__ import annotations

import argparse
import asyncio
import importlib
import logging
import os
import sys
from pathlib import Path

from pydantic import ValidationError

from bot.config import Settings
from bot.core.address import BadAddress, DatabaseUnavailable

# Each command imports what it needs when it runs: ``bazaar health`` (the container's healthcheck, every 30 s)
# and the other operator commands never load discord.py or the bot (``tests/test_cli.py`` checks it).

FAKE_DISCORD_VARIABLE = "FAKEDISCORD_API_URL"
"""Set (by a test, with the rest of ``offline.fakediscord.remote.environment``): the bot talks to that fake."""

TOKEN_HELP = "get one at https://discord.com/developers/applications (your application → Bot → Reset Token)"


def _check_token(settings: Settings) -> bool:
    if settings.has_token:
        return True
    print(f"BAZAAR_TOKEN is not set: put it in .env or the environment ({TOKEN_HELP}).", file=sys.stderr)
    return False


def run(settings: Settings) -> int:
    """Connect to Discord with the configured token and serve until SIGTERM or SIGINT (``bot.serve``).

    With ``FAKEDISCORD_*`` in the environment (``offline.fakediscord.remote``, imported by name only then) the
    bot talks to that fake Discord instead: the end-to-end tests run the real command, in a real process they
    can kill.
    """
    import discord

    from bot.serve import AlreadyRunning, serve

    fake_token = None
    if FAKE_DISCORD_VARIABLE in os.environ:
        remote = importlib.import_module("offline.fakediscord.remote")
        fake_token = remote.point_discord_py_from_environment()
    if fake_token is None and not _check_token(settings):
        return 2
    options = {"guild_ready_timeout": 0.05} if fake_token else {}
    try:
        asyncio.run(serve(settings, fake_token or settings.token.get_secret_value(), **options))
    except (BadAddress, DatabaseUnavailable, AlreadyRunning) as exc:
        print(exc, file=sys.stderr)
        return 2
    except discord.LoginFailure:
        print(f"Discord refused the token: {TOKEN_HELP}.", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print("Discord refused the intents the bot asked for; none of them should be privileged.", file=sys.stderr)
        return 2
    return 0


def health(settings: Settings) -> int:
    """``bazaar health``: 0 when the database answers and the running bot's heartbeat is fresh, else 1."""
    from bot.health import health as check_health

    try:
        problem = asyncio.run(check_health(settings))
    except (BadAddress, DatabaseUnavailable) as exc:
        problem = str(exc)
    if problem is not None:
        print(f"unhealthy: {problem}", file=sys.stderr)
        return 1
    print("healthy")
    return 0


def sync(settings: Settings) -> int:
    """Log in, register the slash commands (globally, or in BAZAAR_DEV_GUILD), and stop."""
    if not _check_token(settings):
        return 2
    import discord

    from bot.app import BazaarBot

    async def go() -> None:
        bot = BazaarBot(settings.model_copy(update={"sync_commands": False, "image_workers": 0}))  # draws nothing
        async with bot:
            await bot.login(settings.token.get_secret_value())
            await bot.sync_commands(force=True)

    try:
        asyncio.run(go())
    except discord.LoginFailure:
        print(f"Discord refused the token: {TOKEN_HELP}.", file=sys.stderr)
        return 2
    print("Slash commands synced.")
    return 0


def local(
    settings: Settings,
    images: Path,
    database: Path | None,
    seed: int | None,
    locale: str = "en-US",
    load: Path | None = None,
) -> int:
    """Play in the terminal: lines like ``ana: /marrakech new`` on stdin, replies on stdout.

    Local play (``offline.local``) is imported by name here, when chosen: ``bazaar run`` never loads it."""
    try:
        play_locally = importlib.import_module("offline.local").play_locally
    except ModuleNotFoundError as missing:
        if not (missing.name or "").startswith("offline"):
            raise
        print(
            "Local play is not installed here: it needs the offline package (pip install -e . in a checkout).",
            file=sys.stderr,
        )
        return 2
    return asyncio.run(
        play_locally(
            settings, sys.stdin, sys.stdout, images=images, database=database, seed=seed, locale=locale, load=load
        )
    )


def migrate(source: str, target: str, force: bool) -> int:
    """Copy every game, log, timer and setting to another database, then replay every game's log there."""
    from bot.core.migrate import run_migrate

    try:
        return asyncio.run(run_migrate(source, target, force=force, out=sys.stdout, err=sys.stderr))
    except KeyboardInterrupt:
        print(
            "Interrupted: the batches copied so far are kept; run the same command again to resume"
            " (--force starts over).",
            file=sys.stderr,
        )
        return 130


def backup(settings: Settings, source: str | None, file: Path) -> int:
    """Write a backup of the bot's database (or ``source``) to a new SQLite file, then check it."""
    from bot.core.backup import run_backup

    return asyncio.run(run_backup(source or settings.database_url, file, out=sys.stdout, err=sys.stderr))


def restore(file: Path, target: str, force: bool) -> int:
    """Copy a backup into an empty database, then replay every game's log there."""
    from bot.core.backup import run_restore

    return asyncio.run(run_restore(file, target, force=force, out=sys.stdout, err=sys.stderr))


def ratings(settings: Settings, action: str) -> int:
    """``bazaar ratings rebuild``: compute every rating again from the finished games (stop the bot first)."""
    from bot.core.db import open_database
    from bot.core.ratings import rebuild as rebuild_ratings

    async def go() -> int:
        db = await open_database(settings.database_url)
        try:
            return await rebuild_ratings(db)
        finally:
            await db.close()

    try:
        rated = asyncio.run(go())
    except (BadAddress, DatabaseUnavailable) as exc:
        print(exc, file=sys.stderr)
        return 2
    print(f"Ratings rebuilt from {rated} finished games.")
    return 0


def replay(file: Path, locale: str) -> int:
    """``bazaar replay FILE``: the record's turns and final scores; 1 with the first divergence from the rules."""
    from bot.core.records_file import replay_to

    try:
        text = file.read_bytes()
    except OSError as exc:
        print(f"not replayed: {exc}", file=sys.stderr)
        return 2
    return replay_to(text, sys.stdout, sys.stderr, locale)


def load_settings() -> Settings | None:
    """The settings, or None after one line per refused setting (never a traceback, never a password)."""
    try:
        return Settings()
    except ValidationError as exc:
        for error in exc.errors(include_input=False, include_url=False):
            name = "BAZAAR_" + "_".join(str(part) for part in error["loc"]).upper()
            print(f"{name}: {error['msg'].removeprefix('Value error, ')}", file=sys.stderr)
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bazaar", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("run", help="run the bot on Discord (needs BAZAAR_TOKEN)")
    sub.add_parser("sync", help="register the slash commands with Discord now (needs BAZAAR_TOKEN)")
    sub.add_parser("health", help="exit 0 when the database answers and the running bot's heartbeat is fresh")
    sub.add_parser("catalogs", help="bring the message catalogs up to date with the code")
    local_parser = sub.add_parser("local", help="play without Discord: type 'name: /command options' lines")
    local_parser.add_argument("--images", type=Path, default=Path("local-images"), help="where boards are saved")
    local_parser.add_argument(
        "--database", type=Path, default=None, help="database file (default: a fresh temporary one)"
    )
    local_parser.add_argument("--seed", type=int, default=None, help="repeatable seating, dice and draws")
    local_parser.add_argument(
        "--locale", default="en-US", help="every player's and the server's Discord language (es, es-419, en …)"
    )
    local_parser.add_argument("--load", type=Path, default=None, help="a game record to load first (/bazaar export)")
    replay_parser = sub.add_parser(
        "replay", help="word a game record (/bazaar export) turn by turn and check it against the rules"
    )
    replay_parser.add_argument("file", type=Path, help="the record (JSON)")
    replay_parser.add_argument("--lang", default="en", help="the language of the turns (en, es)")
    migrate_parser = sub.add_parser(
        "migrate", help="copy the games to another database (stop the bot first), then check each by its log"
    )
    migrate_parser.add_argument(
        "--from", dest="source", required=True, help="where they are: a path, sqlite:///path or postgresql://…"
    )
    migrate_parser.add_argument("--to", dest="target", required=True, help="where they go (an empty database)")
    migrate_parser.add_argument("--force", action="store_true", help="replace what the target already holds")
    backup_parser = sub.add_parser(
        "backup", help="write the games to a new SQLite file (safe while the bot runs), then check it"
    )
    backup_parser.add_argument("--to", dest="file", type=Path, required=True, help="the new backup file")
    backup_parser.add_argument(
        "--from", dest="source", default=None, help="the database to back up (default: BAZAAR_DATABASE)"
    )
    restore_parser = sub.add_parser(
        "restore", help="copy a backup into an empty database, then check each game by its log"
    )
    restore_parser.add_argument("--from", dest="file", type=Path, required=True, help="the backup file")
    restore_parser.add_argument("--to", dest="target", required=True, help="where it goes (an empty database)")
    restore_parser.add_argument("--force", action="store_true", help="replace what the target already holds")
    ratings_parser = sub.add_parser("ratings", help="ratings: 'rebuild' computes them again from the finished games")
    ratings_parser.add_argument("action", choices=["rebuild"])
    args = parser.parse_args(argv)
    if args.command == "replay":
        return replay(args.file, args.lang)
    settings = load_settings()
    if settings is None:
        return 2
    logging.basicConfig(level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.command == "run":
        return run(settings)
    if args.command == "sync":
        return sync(settings)
    if args.command == "backup":
        return backup(settings, args.source, args.file)
    if args.command == "restore":
        return restore(args.file, args.target, args.force)
    if args.command == "health":
        return health(settings)
    if args.command == "catalogs":
        from bot.catalogs import main as catalogs

        return catalogs([])
    if args.command == "ratings":
        return ratings(settings, args.action)
    if args.command == "migrate":
        return migrate(args.source, args.target, args.force)
    logging.getLogger("discord").setLevel(logging.ERROR)
    logging.getLogger("bazaar").setLevel(logging.WARNING)
    return local(settings, args.images, args.database, args.seed, args.locale, args.load)


if __name__ == "__main__":
    raise SystemExit(main())
