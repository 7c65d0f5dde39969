"""Database addresses as an operator writes them, checked before anything is opened or created.

Three forms are accepted: ``sqlite:///path`` (``sqlite:////abs/path`` for an absolute one), a plain
path ending in ``.db``, ``.sqlite`` or ``.sqlite3``, and ``postgresql://…`` / ``postgres://…``.
Anything else that looks like an address (it holds ``:`` or ``//``) is refused in one line that names
the accepted forms: a mistyped PostgreSQL address (``postgres:/…``, ``postgresql+asyncpg://…``) must
never become a SQLite file in a folder named after it, password included.

``connect(url)`` opens a checked address and turns every way a connection can fail (a bad port, an
unknown or unreachable host, a refused password, a missing database, a file that cannot be created)
into ``DatabaseUnavailable`` with one line that never holds the password.
"""

from __future__ import annotations

import asyncio
import sqlite3
from urllib.parse import urlsplit

import asyncpg

from bot.core.db import Database, SchemaTooNew, is_postgres_url, open_database

ACCEPTED = (
    "sqlite:///path/to/file.db, a plain path ending in .db, .sqlite or .sqlite3, "
    "or postgresql://user:password@host[:port]/database"
)
SQLITE_SUFFIXES = (".db", ".sqlite", ".sqlite3")
CONNECT_TIMEOUT = 10.0
"""Seconds to reach a PostgreSQL server before giving up with one line."""


class BadAddress(ValueError):
    """The address is none of the accepted forms."""


class DatabaseUnavailable(RuntimeError):
    """The database at a well-formed address could not be opened (the message is one line, no password)."""


def check_address(url: str) -> str:
    """``url`` unchanged when it is one of the accepted forms; ``BadAddress`` (one line) otherwise."""
    text = str(url).strip()
    if is_postgres_url(text):
        parts = urlsplit(text)
        if not parts.hostname and not parts.path.strip("/"):
            raise BadAddress(f"{hide_password(text)!r} names no server or database; use {ACCEPTED}")
        return text
    if text.startswith("sqlite:///"):
        if not text.removeprefix("sqlite:///").strip("/"):
            raise BadAddress(f"{text!r} names no file; use {ACCEPTED}")
        return text
    if ":" in text or "//" in text:
        raise BadAddress(f"{hide_password(text)!r} is not a database address this bot reads; use {ACCEPTED}")
    if not text.lower().endswith(SQLITE_SUFFIXES):
        raise BadAddress(f"{text!r} is not a database file (.db, .sqlite or .sqlite3); use {ACCEPTED}")
    return text


def hide_password(url: str) -> str:
    """``url`` with anything between ``user:`` and ``@`` replaced by ``***`` (for any scheme, even a wrong one)."""
    text = str(url)
    scheme, sep, rest = text.partition("//") if "//" in text else text.partition(":/")
    if not sep:
        return text
    userinfo, at, host = rest.rpartition("@")
    if not at or ":" not in userinfo:
        return text
    user = userinfo.split(":", 1)[0]
    return f"{scheme}{sep}{user}:***@{host}"


def _password(url: str) -> str | None:
    try:
        return urlsplit(url).password
    except ValueError:
        return None


def _scrubbed(message: str, url: str) -> str:
    """``message`` on one line, without the password of ``url``."""
    line = " ".join(str(message).split())
    secret = _password(url)
    if secret:
        line = line.replace(secret, "***")
    return line.replace(url, hide_password(url))


def describe_failure(exc: BaseException, url: str) -> str:
    """One line saying why the database at ``url`` could not be opened."""
    where = hide_password(url)
    if isinstance(exc, asyncpg.InvalidPasswordError | asyncpg.InvalidAuthorizationSpecificationError):
        return f"PostgreSQL at {where} refused the user name or password"
    if isinstance(exc, asyncpg.InvalidCatalogNameError):
        return f"PostgreSQL at {where} has no such database (create it first: createdb)"
    if isinstance(exc, TimeoutError | asyncio.TimeoutError):
        return f"no answer from {where} within {CONNECT_TIMEOUT:.0f} s"
    if isinstance(exc, OSError) and is_postgres_url(url):
        return f"cannot reach {where}: {_scrubbed(exc.strerror or str(exc), url)}"
    if isinstance(exc, ValueError) and is_postgres_url(url):
        return f"{where} is not a valid PostgreSQL address ({_scrubbed(str(exc), url)})"
    if isinstance(exc, SchemaTooNew):
        return f"{where}: {_scrubbed(str(exc), url)}"
    return f"cannot open {where}: {_scrubbed(f'{type(exc).__name__}: {exc}', url)}"


async def connect(url: str) -> Database:
    """Open the database at ``url`` (checked first); every failure is ``BadAddress`` or ``DatabaseUnavailable``."""
    checked = check_address(url)
    try:
        if is_postgres_url(checked):
            return await asyncio.wait_for(open_database(checked), CONNECT_TIMEOUT)
        return await open_database(checked)
    except (OSError, ValueError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError, sqlite3.Error) as exc:
        raise DatabaseUnavailable(describe_failure(exc, checked)) from None
    except SchemaTooNew as exc:
        raise DatabaseUnavailable(describe_failure(exc, checked)) from None
