"""Command line: ``bazaar run`` starts the bot; ``bazaar local`` plays against a local fake of Discord."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

from bot.config import Settings


def run(settings: Settings) -> int:
    """Connect to Discord with the configured token and serve until interrupted."""
    from bot.app import BazaarBot

    if not settings.token:
        print("BAZAAR_TOKEN is not set: put it in .env or the environment (see .env.example).", file=sys.stderr)
        return 2
    bot = BazaarBot(settings)
    bot.run(settings.token, log_handler=None)
    return 0


def local(settings: Settings, images: Path, database: Path | None, seed: int | None) -> int:
    """Play in the terminal: lines like ``ana: /marrakech new`` on stdin, replies on stdout."""
    from bot.local import play_locally

    return asyncio.run(play_locally(settings, sys.stdin, sys.stdout, images=images, database=database, seed=seed))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bazaar", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("run", help="run the bot on Discord (needs BAZAAR_TOKEN)")
    local_parser = sub.add_parser("local", help="play without Discord: type 'name: /command options' lines")
    local_parser.add_argument("--images", type=Path, default=Path("local-images"), help="where boards are saved")
    local_parser.add_argument(
        "--database", type=Path, default=None, help="database file (default: a fresh temporary one)"
    )
    local_parser.add_argument("--seed", type=int, default=None, help="repeatable seating, dice and draws")
    args = parser.parse_args(argv)
    settings = Settings()
    logging.basicConfig(level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.command == "run":
        return run(settings)
    logging.getLogger("discord").setLevel(logging.ERROR)
    logging.getLogger("bazaar").setLevel(logging.WARNING)
    return local(settings, args.images, args.database, args.seed)


if __name__ == "__main__":
    raise SystemExit(main())
