"""Local play (``bazaar local``): the real bot in a ``Sandbox`` (``offline.sandbox``), driven by lines of text.

``play_locally`` reads lines such as::

    ana: /marrakech new variant:true
    ben: click Join
    ana: /marrakech place carpet:c3-d3
    ben: select place c3-d3
    #games                      (switch to a channel or thread by name)

and prints what the bot answers (ephemeral replies marked as seen only by that user), saving every
posted image in a folder. Each line waits until the bot is idle again (``Sandbox.settle``, with a generous
timeout): a slow machine makes play slower, never different; a bot still busy past the timeout is logged.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import shlex
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TextIO, TypeVar

from bot.config import Settings
from bot.core.records import LogEntry
from bot.core.records_file import check_record, read_record
from bot.core.seating import computer_user_id
from offline.fakediscord import FakeDiscord
from offline.fakediscord.commands import Refused
from offline.fakediscord.state import Channel, Interaction, Message, User, walk_components
from offline.sandbox import SETTLE_TIMEOUT, Sandbox

log = logging.getLogger("bazaar.offline")
T = TypeVar("T")

HELP = """Lines you can type (NAME is any user name; users are created as they appear):
  NAME: /GROUP SUB option:value option:"two words"   run a slash command in the current channel
  NAME[es]: ...            the same, NAME's Discord client now in Spanish (es, es-419, en, en-US ...)
  lang NAME LOCALE         NAME's Discord client language from now on (lang ana es)
  NAME: click LABEL        press the button with that label on the latest message that has it
  NAME: select VALUE       choose VALUE in the latest menu that offers it
  NAME: complete /GROUP SUB option:partial?          list the autocomplete choices for the option marked ?
                           (each as "value  —  what Discord shows": type the value)
  #CHANNEL                 switch to #games or a game thread (by name, e.g. "#Marrakech #1")
  channels                 list the channels and threads
  load FILE                load a game record (/bazaar export) into #games: inspect it or play it on
  restart                  restart the bot (games and buttons must survive)
  help                     this text;  quit  ends"""


USER = re.compile(r"(?P<name>[^\W\d]\w*)(?:\[(?P<locale>[A-Za-z]{2}(?:-\w+)?)\])?")
"""A line's user: ``ana``, or ``ana[es]`` for ana with her Discord client in Spanish."""
LOCALES = {"en": "en-US", "es": "es-ES"}


def discord_locale(code: str) -> str:
    """A Discord locale from what was typed: ``es`` is ``es-ES``, ``en`` is ``en-US``, others as typed."""
    return LOCALES.get(code.lower(), code)


def _record_user(sandbox: Sandbox, name: str, index: int) -> User:
    """The local user for a record's player: their name in lowercase letters and digits (``seat2`` if none)."""
    plain = "".join(ch for ch in name.lower() if ch.isalnum() and ch.isascii())
    if not plain or not plain[0].isalpha():
        plain = f"seat{index + 1}"
    return sandbox.user(plain)


# ---- parsing typed lines ---------------------------------------------------------------------
def parse_options(words: list[str]) -> dict[str, str]:
    options = {}
    for word in words:
        name, sep, value = word.partition(":")
        if not sep:
            raise ValueError(f"options are written name:value, not {word!r}")
        options[name] = value
    return options


def _schema_options(fake: FakeDiscord, path: list[str]) -> list[dict[str, Any]]:
    """The registered options of a command path ("group sub")."""
    for command in fake.registered_commands():
        if command["name"] != path[0]:
            continue
        options = command.get("options", [])
        for part in path[1:]:
            node = next((o for o in options if o["name"] == part and o["type"] in (1, 2)), None)
            if node is None:
                return []
            options = node.get("options", [])
        return options
    return []


TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")


def convert_options(fake: FakeDiscord, path: list[str], raw: dict[str, str]) -> dict[str, Any]:
    """Typed text to the option types the command registered (integers, booleans), as Discord's client does.

    Discord's client never sends a word for a number or "maybe" for true/false: such input is
    refused here with a message saying what the option takes.
    """
    types = {o["name"]: o["type"] for o in _schema_options(fake, path)}
    converted: dict[str, Any] = {}
    for name, value in raw.items():
        converted[name] = _converted(name, types.get(name), value)
    return converted


def _converted(name: str, kind: int | None, value: str) -> Any:
    if kind == 4:
        try:
            return int(value.lstrip("#"))
        except ValueError:
            raise ValueError(f"{name} takes a whole number, like {name}:3 — not {value!r}") from None
    if kind == 5:
        if value.lower() in TRUE_WORDS:
            return True
        if value.lower() in FALSE_WORDS:
            return False
        raise ValueError(f"{name} takes true or false — not {value!r}")
    if kind == 10:
        try:
            return float(value)
        except ValueError:
            raise ValueError(f"{name} takes a number — not {value!r}") from None
    return value


def find_component(messages: list[Message], match: Callable[[dict[str, Any]], bool]) -> tuple[Message, dict[str, Any]]:
    """The newest message (the channel's and one's own private replies alike) with a component that matches."""
    for message in sorted(messages, key=lambda m: m.id, reverse=True):
        for component in walk_components(message.components):
            if match(component):
                return message, component
    raise LookupError("no such button or menu choice in this channel")


NO_ANSWER = "The application did not respond (what Discord shows when the bot does not answer; see the log)"
NO_CHOICES = "Loading options failed (what Discord shows when the bot does not answer; see the log)"


class NotAnswered(LookupError):
    """The bot did not answer an interaction: the player reads what Discord would show, the log the details."""


async def answered(sent: Awaitable[T], shown: str = NO_ANSWER) -> T:
    """The fake's answer to an interaction; the fake's own account of one the bot never answered (the requests
    it saw, its errors) goes to the log, never to the player's terminal."""
    try:
        return await sent
    except Refused:  # what Discord's client would never send (a wrong option, a missing one): said as it is
        raise
    except AssertionError as exc:
        log.warning("local play: the bot did not answer: %s", exc)
        raise NotAnswered(shown) from None


def choice_line(choice: dict[str, Any]) -> str:
    """One autocomplete choice as Discord shows it (its name), after the value that is sent when it is picked:
    ``   b4-c4  —  Carpet b4–c4 (covers …)``; just the value when the name says nothing more."""
    value, name = str(choice["value"]), str(choice.get("name", ""))
    return f"   {value}" if name in ("", value) else f"   {value}  —  {name}"


class LocalPlay:
    """Reads lines, acts as the named users, prints what the bot posts."""

    def __init__(self, sandbox: Sandbox, out: TextIO, images: Path) -> None:
        self.sandbox = sandbox
        self.out = out
        self.images = images
        self.channel = sandbox.channel
        self._seen: set[int] = set()
        self._channels: set[int] = {sandbox.channel.id}
        self._edits: dict[int, int] = {}
        self._saved = 0
        self._private: dict[int, list[Message]] = {}
        """Each user's private replies, newest last: their buttons can be clicked too."""

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    async def handle(self, line: str) -> bool:
        """Act on one line; False when the session should end."""
        line = line.strip()
        if not line or line.startswith("//"):
            return True
        if line in ("quit", "exit"):
            return False
        try:
            await self._handle(line)
        except (ValueError, LookupError, AssertionError) as exc:
            self.say(f"!! {exc}")
        await self._flush()
        return True

    async def _handle(self, line: str) -> None:
        if line == "help":
            self.say(HELP)
        elif line == "channels":
            for channel in [self.sandbox.channel, *self.sandbox.fake.threads(self.sandbox.channel)]:
                self.say(f"#{channel.name}")
        elif line == "restart":
            await self.sandbox.restart_bot()
            self.say("-- the bot restarted")
        elif line.startswith("lang ") or line == "lang":
            words = line.split()
            if len(words) != 3 or not words[1].isidentifier():
                raise ValueError("lang NAME LOCALE, e.g. lang ana es")
            user = self.sandbox.user(words[1], locale=discord_locale(words[2]))
            self.say(f"-- {words[1]} now uses Discord in {user.locale}")
        elif line.startswith("load "):
            await self.load(Path(line[5:].strip()))
        elif line.startswith("#"):
            self.channel = self._channel_named(line[1:].strip())
            self.say(f"-- now in #{self.channel.name}")
        else:
            name, sep, rest = line.partition(":")
            who = USER.fullmatch(name.strip())
            if not sep or who is None:
                raise ValueError(f"lines look like 'ana: /marrakech new'; type help. Got {line!r}")
            locale = discord_locale(who["locale"]) if who["locale"] else None
            await self._act(self.sandbox.user(who["name"], locale=locale), rest.strip())

    async def load(self, path: Path) -> int:
        """A game record (``docs/records.md``) made a game of this server, in #games, as it stood when exported:
        its live moves replayed (undone ones left out), its people seated as users named after them (lowercase,
        so that ``ana: /marrakech board`` speaks for them), its computers as computers. Returns its id."""
        record = read_record(path.read_bytes())
        checked = check_record(record)
        if checked.divergence is not None:
            raise ValueError(f"{path} diverges from the rules at {checked.divergence}: not loaded")
        assert self.sandbox.bot is not None, "the bot is not running"
        engine, store, now = checked.engine, self.sandbox.bot.host.store, self.sandbox.clock()
        users = [
            _record_user(self.sandbox, seat.name, i) if seat.computer is None else None
            for i, seat in enumerate(record.seats)
        ]
        people = [user for user in users if user is not None]
        if not people:
            raise ValueError(f"{path} has no person seated: nothing to play it with")
        computers = [
            (computer_user_id(i), seat.name, seat.computer or "")
            for i, seat in enumerate(record.seats)
            if seat.computer is not None
        ]
        creator = people[0]
        game = await store.create_game(
            guild_id=self.sandbox.guild.id,
            channel_id=self.sandbox.channel.id,
            thread_id=None,
            game=record.game,
            options=record.options,
            creator_id=creator.id,
            creator_name=record.seats[users.index(creator)].name,
            now=now,
            computers=computers,
        )
        version = game.version
        for index, user in enumerate(users):
            if user is not None and user is not creator:
                version = await store.join(game.id, version, user.id, record.seats[index].name, now)
        order = [user.id if user is not None else computer_user_id(i) for i, user in enumerate(users)]
        start = engine.new_game(len(order), record.options)
        version = await store.start(
            game.id, version, order, [], engine.dumps(start), "active", now, to_move=engine.to_move(start)
        )
        entries = [LogEntry(row.seat, row.kind, row.move, row.user_id) for row in record.log() if not row.undone]
        final = checked.state
        status = "finished" if engine.outcome(final) is not None else "active"
        await store.record_moves(
            game.id, version, entries, engine.dumps(final), status, now, to_move=engine.to_move(final)
        )
        names = ", ".join(f"{user.name if user else 'computer'}" for user in users)
        self.say(
            f"-- loaded {path.name} as game #{game.id} ({status}, {len(entries)} moves; seats: {names});"
            f" '{creator.name}: /{record.game} board game:{game.id}' shows it"
        )
        return game.id

    def _channel_named(self, name: str) -> Channel:
        for channel in [self.sandbox.channel, *self.sandbox.fake.threads(self.sandbox.channel)]:
            if channel.name.lower() == name.lower() or str(channel.id) == name:
                return channel
        raise LookupError(f"no channel #{name}; type channels")

    async def _act(self, user: User, text: str) -> None:
        fake = self.sandbox.fake
        if text.startswith("/"):
            words = shlex.split(text[1:])
            path = [w for w in words if ":" not in w]
            options = convert_options(fake, path, parse_options([w for w in words if ":" in w]))
            sent = fake.slash(user, self.channel, " ".join(path), options, timeout=SETTLE_TIMEOUT)
            self._show(user, await self._settled(answered(sent)))
        elif text.startswith("complete /"):
            await self._complete(user, text.removeprefix("complete /"))
        elif text.startswith("click "):
            label = text.removeprefix("click ").strip().lower()
            message, button = find_component(
                [*fake.messages(self.channel), *self._private.get(user.id, [])],
                lambda c: c.get("type") == 2 and str(c.get("label", "")).lower() == label,
            )
            sent = fake.click(user, message, button["custom_id"], timeout=SETTLE_TIMEOUT)
            self._show(user, await self._settled(answered(sent)))
        elif text.startswith("select "):
            value = text.removeprefix("select ").strip()
            message, menu = find_component(
                [*fake.messages(self.channel), *self._private.get(user.id, [])],
                lambda c: c.get("type") == 3 and any(o.get("value") == value for o in c.get("options", [])),
            )
            sent = fake.select(user, message, menu["custom_id"], [value], timeout=SETTLE_TIMEOUT)
            self._show(user, await self._settled(answered(sent)))
        else:
            raise ValueError("after 'name:' type a /command, click LABEL, select VALUE or complete /command")

    @staticmethod
    async def _settled(sent: Awaitable[Interaction]) -> Interaction:
        """The interaction once its followups have arrived too (or, past a generous timeout, as it is: logged,
        never shown to the player)."""
        interaction = await sent
        try:
            await interaction.done(timeout=SETTLE_TIMEOUT)
        except AssertionError as exc:
            log.warning("local play: %s", exc)
        return interaction

    async def _complete(self, user: User, text: str) -> None:
        words = shlex.split(text)
        path = [w for w in words if ":" not in w]
        raw = parse_options([w for w in words if ":" in w])
        focused = next((k for k, v in raw.items() if v.endswith("?")), None)
        if focused is None:
            raise ValueError("mark the option to complete with a ?, e.g. carpet:c?")
        typed = raw.pop(focused)[:-1]
        options = convert_options(self.sandbox.fake, path, raw)
        options[focused] = typed  # Discord sends what is typed so far as text, whatever the option's type
        typing = self.sandbox.fake.autocomplete(
            user, self.channel, " ".join(path), options, focused=focused, timeout=SETTLE_TIMEOUT
        )
        choices = await answered(typing, NO_CHOICES)
        self.say(f"[choices for {user.name}]" + ("" if choices else " none"))
        for choice in choices:
            self.say(choice_line(choice))

    def _show(self, user: User, interaction: Interaction) -> None:
        """Print the private replies of ``interaction``: new ones, and one it edited (a button pressed on a private
        reply brings that reply along as the interaction's message: printed again only if it changed)."""
        shown: set[int] = set()
        for message in [m for m in [interaction.message, *interaction.followups] if m is not None]:
            if not message.ephemeral or message.id in shown or not message.content:
                continue
            shown.add(message.id)
            if message.id not in self._seen:
                self._print(message, f"[only {user.name} sees] ")
                self._private.setdefault(user.id, []).append(message)
            elif self._edits.get(message.id, message.edits) != message.edits:
                self._print(message, f"[only {user.name} sees] (edited) ")
                mine = self._private.setdefault(user.id, [])
                mine[:] = [message if m.id == message.id else m for m in mine]
            self._seen.add(message.id)
            self._edits[message.id] = message.edits

    async def _flush(self) -> None:
        await self.sandbox.settle()
        fake = self.sandbox.fake
        for channel in [self.sandbox.channel, *fake.threads(self.sandbox.channel)]:
            if channel.id not in self._channels:
                self._channels.add(channel.id)
                self.channel = channel
                self.say(f"-- a new thread opened; now in #{channel.name}")
            for message in fake.messages(channel):
                if message.id not in self._seen:
                    self._seen.add(message.id)
                    self._edits[message.id] = message.edits
                    self._print(message, f"[#{channel.name}] ")
                elif self._edits.get(message.id, message.edits) != message.edits:
                    self._edits[message.id] = message.edits
                    self._print(message, f"[#{channel.name}] (edited) ")

    def _print(self, message: Message, prefix: str) -> None:
        text = message.content or ""
        for user in self.sandbox.users.values():
            text = text.replace(f"<@{user.id}>", f"@{user.name}")
        for channel in [self.sandbox.channel, *self.sandbox.fake.threads(self.sandbox.channel)]:
            text = text.replace(f"<#{channel.id}>", f"#{channel.name}")
        if text:
            self.say(prefix + text)
        labels = [str(c.get("label")) for c in walk_components(message.components) if c.get("type") == 2]
        if labels:
            self.say("   buttons: " + " | ".join(labels))
        for menu in (c for c in walk_components(message.components) if c.get("type") == 3):
            self.say("   menu: " + " | ".join(str(o["value"]) for o in menu.get("options", [])))
        for attachment in message.attachments:
            filename = attachment.filename
            self._saved += 1
            path = self.images / f"{self._saved:04d}-{filename}"
            path.write_bytes(attachment.data)
            kind = "image" if filename.endswith(".png") else "text file" if filename.endswith(".txt") else "file"
            self.say(f"   {kind} saved: {path}")
            if attachment.description:  # what a screen reader would speak for it
                self.say(f"   alt: {attachment.description}")


async def play_locally(
    settings: Settings,
    stdin: TextIO,
    stdout: TextIO,
    *,
    images: Path,
    database: Path | None = None,
    seed: int | None = None,
    locale: str = "en-US",
    load: Path | None = None,
) -> int:
    """Run local play until stdin ends or 'quit'; ``seed`` makes seating and dice repeatable; ``locale`` is the
    Discord language of every user's client and of the server (``es``: a Spanish server, Spanish players);
    ``load``: a game record to load first (as the line ``load FILE``)."""
    images.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        db = database or Path(scratch) / "bazaar.db"
        rng = random.Random(seed) if seed is not None else None
        spoken = discord_locale(locale)
        async with Sandbox(db, settings=settings, rng=rng, locale=spoken, guild_locale=spoken) as sandbox:
            session = LocalPlay(sandbox, stdout, images)
            session.say("Bazaar local play: the bot runs against a local stand-in for Discord. Type help.")
            if load is not None:
                await session.handle(f"load {load}")
            loop = asyncio.get_running_loop()
            while True:
                line = await loop.run_in_executor(None, stdin.readline)
                if not line or not await session.handle(line):
                    break
    return 0
