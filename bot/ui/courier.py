"""The courier: delivers to Discord what the core owes it (``outbox`` rows), once, whatever happens.

A change and the messages it owes are stored in one transaction (``bot.core.store``); the courier
sends them afterwards — right away from the handler that made the change (``deliver_game``),
and from a loop for anything left: a post Discord refused for a while (429, 5xx, a dropped
connection: retried with backoff), a process that died between the commit and the post (rows
claimed by a dead process come back when their lease runs out, also after a restart).

Exactly once: a row is claimed before it is sent; a channel message carries a nonce made from the
row (Discord then returns the first message for a second send with that nonce); the row is marked
done with the message's id.

Where the game lives: its thread, reopened if Discord archived it. Only when the thread is really
gone (deleted) or closed to the bot (locked, no permission) does a post go to the thread's channel,
saying which. A board superseded by a newer one still waiting is folded into it: one message tells
both turns, with the current board.
"""

from __future__ import annotations

import asyncio
import io
import logging
import random
from collections.abc import Callable, Sequence
from typing import Any

import aiohttp
import discord

from bot.core import language
from bot.core.catalog import N_, NN_
from bot.core.inbox import channel_link
from bot.core.played import Played
from bot.core.posts import game_title
from bot.core.records import Delivery, GameRecord
from bot.core.records_file import record_of
from bot.core.replay_image import Stopped
from bot.core.schedule import BOARD_LAYOUT
from bot.core.text import MESSAGE_LIMIT, fit_message, shorten
from bot.core.wording import say_for
from bot.ui.services import Services

log = logging.getLogger("bazaar.courier")
CLOSE_WAIT = 2.0
"""Seconds a stopping bot waits for its background deliveries to end the row in hand (``DiscordCourier.close``):
within the whole close's own limit (``bot.serve.CLOSE_TIMEOUT``, 3 s)."""

LEASE_SECONDS = 30.0
GRACE_SECONDS = 2.0
MAX_BACKOFF = 300.0
DM_WAIT_FOR_BOARD = 5
THREAD_DELETED = N_("(The game's thread was deleted, so this is posted here.)")
THREAD_CLOSED = N_("(The game's thread is locked to the bot, so this is posted here.)")


class Undeliverable(Exception):
    """Discord will never accept this delivery as it is (a bad request): give up, log it."""


class Later(Exception):
    """Not yet: try again at ``when``."""

    def __init__(self, when: float, why: str) -> None:
        super().__init__(why)
        self.when = when


class DiscordCourier:
    """Sends owed messages through a discord.py client."""

    def __init__(
        self, client: discord.Client, services: Services, clock: Callable[[], float], lease: float = LEASE_SECONDS
    ) -> None:
        self.client = client
        self.services = services
        self.clock = clock
        self.lease = lease
        self._game_locks: dict[int, asyncio.Lock] = {}
        self._known: dict[int, Played] = {}
        self._held: dict[int, Delivery] = {}
        """Deliveries this courier has claimed and not yet attempted (a newer board among them can still
        carry an older one's news)."""
        self._replaying: set[int] = set()
        """Replay deliveries being made now (seconds of drawing: a second claim of one waits its turn)."""
        self._later: set[asyncio.Task[None]] = set()
        """Deliveries going out after their handler answered (a replay and what follows it), one task a game."""
        self._closing = False

    # ---- claiming ----------------------------------------------------------------------------------
    async def deliver_game(self, game_id: int, played: Played | None = None) -> None:
        """Deliver now what one game owes (called by the handler that made the change).

        ``played``: the game as that change left it; what the change owes is then made from it instead
        of reading the game again (only for deliveries of that very version).
        """
        async with self._game_lock(game_id):
            claimed = await self.services.store.claim_deliveries(self.clock(), self.lease, game_id=game_id)
            if played is not None:
                self._known[game_id] = played
            self._hold(claimed)
            slow = next((i for i, d in enumerate(claimed) if d.kind == "replay"), len(claimed))
            claimed, rest = claimed[:slow], claimed[slow:]
            try:
                for delivery in claimed:
                    await self._attempt(delivery)
            finally:
                self._known.pop(game_id, None)
                self._release(claimed)
        if rest:  # a replay takes seconds to draw: it and what follows it go out after the handler has answered
            self._in_background(game_id, rest)

    async def _deliver_in_order(self, game_id: int, claimed: list[Delivery]) -> None:
        """Deliver claimed rows of one game in order, under its lock."""
        async with self._game_lock(game_id):
            try:
                for delivery in claimed:
                    if self._closing:  # left claimed: the restarted bot makes it due again (``release_claims``)
                        break
                    await self._attempt(delivery)
            finally:
                self._release(claimed)

    def closing(self) -> None:
        """The bot is stopping: a background delivery starts no further row (``close`` waits for the one in hand)."""
        self._closing = True

    async def close(self) -> None:
        """Wait for the background deliveries to end, each with the row in hand (a replay being drawn ends at once
        once the images are closed: ``Stopped``), before the bot closes the store they write to; one still running
        after ``CLOSE_WAIT`` seconds, or when this wait is itself cut off, is cancelled and awaited. A row left so is
        still owed: the restarted bot makes it due again (``Store.release_claims``), as after a crash, and sends it
        with the same nonce (one message)."""
        self.closing()
        tasks = list(self._later)
        if not tasks:
            return
        try:
            await asyncio.wait(tasks, timeout=CLOSE_WAIT)
        finally:
            for task in tasks:
                task.cancel()  # nothing for one that has ended
            outcomes = await asyncio.gather(*tasks, return_exceptions=True)
            for outcome in outcomes:
                if isinstance(outcome, asyncio.CancelledError | Stopped):
                    log.info("a background delivery was cut off by the stop: %r", outcome)
                elif isinstance(outcome, BaseException):
                    log.warning("a background delivery failed as the bot stopped", exc_info=outcome)

    async def deliver_due(self, grace: float = GRACE_SECONDS) -> int:
        """Deliver everything due (left by a failure, a restart, or a change made without a handler)."""
        now = self.clock()
        claimed = await self.services.store.claim_deliveries(now - grace, self.lease)
        self._hold(claimed)
        later: dict[int, list[Delivery]] = {}  # a game's replay and what follows it: other games do not wait
        try:
            for delivery in claimed:
                game_id = delivery.game_id
                if game_id is not None and (delivery.kind == "replay" or game_id in later):
                    later.setdefault(game_id, []).append(delivery)
                    continue
                lock = self._game_lock(game_id) if game_id else asyncio.Lock()
                async with lock:
                    await self._attempt(delivery)
        finally:
            deferred = {delivery.id for rows in later.values() for delivery in rows}
            self._release([delivery for delivery in claimed if delivery.id not in deferred])
        for game_id, rows in later.items():
            self._in_background(game_id, rows)
        return len(claimed)

    def _in_background(self, game_id: int, claimed: list[Delivery]) -> None:
        task = asyncio.create_task(self._deliver_in_order(game_id, claimed))
        self._later.add(task)
        task.add_done_callback(self._background_ended)

    def _background_ended(self, task: asyncio.Task[None]) -> None:
        """A background delivery's end: an error while the bot runs is logged here (its rows stay claimed and go out
        again once their lease lapses); one while it stops, by ``close``."""
        self._later.discard(task)
        if task.cancelled() or self._closing:
            return
        error = task.exception()
        if error is not None:
            log.error("a background delivery failed", exc_info=error)

    def _hold(self, claimed: list[Delivery]) -> None:
        self._held.update((delivery.id, delivery) for delivery in claimed)

    def _release(self, claimed: list[Delivery]) -> None:
        for delivery in claimed:
            self._held.pop(delivery.id, None)

    def _game_lock(self, game_id: int | None) -> asyncio.Lock:
        return self._game_locks.setdefault(game_id or 0, asyncio.Lock())

    async def _attempt(self, delivery: Delivery) -> None:
        store = self.services.store
        self._held.pop(delivery.id, None)
        try:
            message = await self._deliver(delivery)
        except Stopped:  # the bot is stopping while its image is drawn: the lease lapses, it is sent after the restart
            log.info("delivery %s (%s) left for after the restart", delivery.id, delivery.kind)
        except Later as later:
            await store.delivery_failed(delivery.id, later.when, str(later))
        except Undeliverable as exc:
            log.error("delivery %s (%s) given up: %s", delivery.id, delivery.kind, exc)
            await store.delivery_failed(delivery.id, None, str(exc))
        except (discord.RateLimited, discord.DiscordServerError, aiohttp.ClientError, OSError, TimeoutError) as exc:
            retry_at = self.clock() + backoff(delivery.attempts, getattr(exc, "retry_after", None))
            log.info("delivery %s (%s) failed, retrying: %s", delivery.id, delivery.kind, exc)
            await store.delivery_failed(delivery.id, retry_at, repr(exc))
        except discord.HTTPException as exc:
            log.error("delivery %s (%s) refused by Discord: %s", delivery.id, delivery.kind, exc)
            await store.delivery_failed(delivery.id, None, repr(exc))
        else:
            channel_id = getattr(getattr(message, "channel", None), "id", None)
            await store.delivered(delivery.id, getattr(message, "id", None), channel_id)

    async def _deliver(self, delivery: Delivery) -> discord.Message | None:
        handler = {
            "board": self._board,
            "notice": self._notice,
            "dm": self._dm,
            "lobby": self._lobby,
            "lobby_edit": self._lobby_edit,
            "archive": self._archive,
            "drop_buttons": self._drop_buttons,
            "replay": self._replay,
        }.get(delivery.kind)
        if handler is None:
            raise Undeliverable(f"unknown delivery kind {delivery.kind!r}")
        return await handler(delivery)

    # ---- the kinds ------------------------------------------------------------------------------------
    async def _board(self, delivery: Delivery) -> discord.Message | None:
        played = await self._played(delivery)
        if played is None:
            return None
        newer = await self._newer_board(delivery)
        if newer is not None:
            await self._fold_into(newer, delivery)
            return None
        kwargs = await self._board_message(played, delivery)
        return await self._send_in_game(played.game, delivery, kwargs)

    async def _board_message(self, played: Played, delivery: Delivery) -> dict[str, Any]:
        payload = delivery.payload
        kwargs = message_kwargs(board_content(payload), payload.get("ping") or [])
        current = played.game.shows(delivery.version)
        if payload.get("image") and played.state is not None:
            changed = [str(payload.get("headline") or ""), *(str(line) for line in payload.get("happened", []))]
            layout = (await self.services.schedule.guild_settings(played.game.guild_id)).thread_layout
            with language.using(played.game.language):  # a public post: its words and alt text in the game's language
                kwargs["file"] = await self.board_file(
                    played, None, layout=layout, suffix=f"v{delivery.version}", changed=changed
                )
        if current and played.game.status == "active" and not played.is_computer(played.to_move_player):
            view = await self._controls("moves", played, delivery)
            if view is not None:
                kwargs["view"] = view
        return kwargs

    async def board_file(
        self,
        played: Played,
        viewer: int | None,
        *,
        layout: str = BOARD_LAYOUT,
        suffix: str = "",
        highlight: Any = (),
        changed: Sequence[str] = (),
    ) -> discord.File:
        """The board image of ``played`` as ``viewer`` may see it (the phone layout unless ``layout`` says
        otherwise: a thread's boards in the server's choice, a player's in theirs), as an attachment whose alt
        text (``Posts.board_alt``, in the current language) says where the game stands and ``changed``. Drawn in
        a worker process from its stored state when it has one: the worker makes the view, not the bot's process."""
        images, game = self.services.images, played.game
        if images.in_workers and game.state is not None and played.state is not None:
            png = await images.state_board(game.game, game.state, viewer, played.names, highlight, layout)
        else:
            png = await images.board(played.view(viewer), highlight, layout)
        name = f"{played.game.game}-{played.game.id}{'-' + suffix if suffix else ''}.png"
        alt = self.services.posts.board_alt(played, viewer, changed)
        return discord.File(io.BytesIO(png), filename=name, description=alt)

    async def _newer_board(self, delivery: Delivery) -> Delivery | None:
        """A newer board of the same game still waiting, which can carry this one's news."""
        pending = await self.services.store.pending_deliveries(delivery.game_id)
        waiting = (self._held.get(d.id) or d for d in pending if d.status == "pending" or d.id in self._held)
        return next((d for d in waiting if d.kind == "board" and d.id > delivery.id), None)

    async def _fold_into(self, newer: Delivery, older: Delivery) -> None:
        payload = dict(newer.payload)
        headline = [older.payload["headline"]] if older.payload.get("headline") else []
        happened = [*headline, *older.payload.get("happened", []), *newer.payload.get("happened", [])]
        payload["happened"] = happened
        await self.services.store.update_payload(newer.id, payload)
        newer.payload["happened"] = happened  # the same object when this courier holds it, claimed

    async def _notice(self, delivery: Delivery) -> discord.Message | None:
        played = await self._played(delivery)
        if played is None:
            return None
        payload = delivery.payload
        kwargs = message_kwargs(payload.get("content", ""), payload.get("ping") or [])
        controls = payload.get("controls")
        if controls:
            view = await self._controls(str(controls), played, delivery)
            if view is not None:
                kwargs["view"] = view
        return await self._send_in_game(played.game, delivery, kwargs)

    async def _dm(self, delivery: Delivery) -> discord.Message | None:
        payload = delivery.payload
        known = self._known.get(delivery.game_id or 0)
        if known is not None:
            record: GameRecord | None = known.game  # its server and thread: the same in every version
        else:
            record = await self.services.store.get_game(delivery.game_id) if delivery.game_id else None
        link = await self._dm_link(delivery, record)
        guild = self.client.get_guild(record.guild_id) if record else None
        where = f" ({guild.name})" if guild is not None else ""
        content = fit_message(f"{payload.get('content', '')}{where}: {link}")
        try:
            user = self.client.get_user(int(payload["user_id"])) or await self.client.fetch_user(
                int(payload["user_id"])
            )
            return await user.send(content, allowed_mentions=discord.AllowedMentions.none())
        except (discord.Forbidden, discord.NotFound) as exc:
            log.info("could not DM user %s: %s", payload.get("user_id"), exc)
            return None

    async def _dm_link(self, delivery: Delivery, record: GameRecord | None) -> str:
        if record is None:
            return ""
        if delivery.payload.get("link") == "board":
            board = await self._board_of(delivery)
            if board is not None and board.message_id and board.channel_id:
                return f"https://discord.com/channels/{record.guild_id}/{board.channel_id}/{board.message_id}"
            if board is not None and board.status in ("pending", "sending") and delivery.attempts < DM_WAIT_FOR_BOARD:
                raise Later(self.clock() + 1.0, "the board is not posted yet")
        return channel_link(record)

    async def _board_of(self, delivery: Delivery) -> Delivery | None:
        store = self.services.store
        rows = [d for d in await store.pending_deliveries(delivery.game_id) if d.kind == "board"]
        if delivery.game_id is not None:
            done = await store.last_board_message(delivery.game_id)
            if done is not None:
                rows.append(done)
        same = [d for d in rows if d.version == delivery.version]
        return same[0] if same else None

    async def _lobby(self, delivery: Delivery) -> discord.Message | None:
        played = await self._played(delivery)
        if played is None:
            return None
        record = played.game
        payload = dict(delivery.payload)
        if payload.get("thread") and record.thread_id is None:
            thread = await self._open_thread(record, played)
            if thread is not None:
                await self.services.store.set_thread(record.id, thread.id)
                played = await self.services.host.snapshot(record.id)
        kwargs = message_kwargs(self.services.posts.lobby_text(played), [])
        view = await self._controls("lobby", played, delivery)
        if view is not None:
            kwargs["view"] = view
        message = await self._send_in_game(played.game, delivery, kwargs)
        if message is not None:
            await self.services.store.set_lobby_message(record.id, message.id)
        return message

    async def _open_thread(self, record: GameRecord, played: Played) -> discord.Thread | None:
        """The game's thread in its channel: the one made before a crash, if any, else a new one."""
        channel = await self._channel(record.channel_id, record.guild_id)
        if not isinstance(channel, discord.TextChannel):
            return None
        name = game_title(played.engine, record, record.language)
        # the thread made before a crash: by its name in this language, or as older versions called it
        names = {name, f"{played.engine.title} #{record.id}"}
        existing = next((t for t in channel.threads if t.name in names), None)
        if existing is not None:
            return existing
        try:
            return await channel.create_thread(
                name=name, type=discord.ChannelType.public_thread, auto_archive_duration=10080
            )
        except discord.Forbidden:
            return None

    async def _lobby_edit(self, delivery: Delivery) -> discord.Message | None:
        played = await self._played(delivery)
        if played is None or played.game.lobby_message_id is None:
            return None
        record = played.game
        view = await self._controls("lobby", played, delivery) if record.status == "lobby" else None
        try:
            channel = await self._channel(record.post_channel_id, record.guild_id)
            message = channel.get_partial_message(record.lobby_message_id)
            return await message.edit(
                content=self.services.posts.lobby_text(played), view=view, allowed_mentions=no_pings()
            )
        except (discord.NotFound, discord.Forbidden) as exc:
            log.info("could not update the lobby of game %s: %s", record.id, exc)
            return None

    async def _archive(self, delivery: Delivery) -> discord.Message | None:
        record = await self.services.store.get_game(delivery.game_id) if delivery.game_id else None
        if record is None or record.thread_id is None:
            return None
        try:
            thread = await self._channel(record.thread_id, record.guild_id)
            if isinstance(thread, discord.Thread) and not thread.archived:
                await thread.edit(archived=True)
        except (discord.NotFound, discord.Forbidden) as exc:
            log.info("could not archive the thread of game %s: %s", record.id, exc)
        return None

    async def _replay(self, delivery: Delivery) -> discord.Message | None:
        """The finished game's animated replay, posted after its final board (``bot.core.replay_image``)."""
        played = await self._played(delivery)
        if played is None or played.state is None:
            return None
        if delivery.id in self._replaying:  # its lease ran out while it is being drawn: not twice at once
            raise Later(self.clock() + self.lease, "the replay is still being made")
        self._replaying.add(delivery.id)
        try:
            kwargs = await replay_message(self.services, played)
        except Stopped:  # the bot is stopping: drawn again after the restart
            raise
        except Exception as exc:  # a replay that cannot be drawn is given up, never retried forever
            log.exception("the replay of game %s could not be made", played.game.id)
            raise Undeliverable(f"the replay could not be made: {exc!r}") from exc
        finally:
            self._replaying.discard(delivery.id)
        return await self._send_in_game(played.game, delivery, kwargs)

    async def _drop_buttons(self, delivery: Delivery) -> discord.Message | None:
        payload = delivery.payload
        try:
            channel = await self._channel(int(payload["channel_id"]))
            message = channel.get_partial_message(int(payload["message_id"]))
            await message.edit(view=None, allowed_mentions=no_pings())
        except (discord.NotFound, discord.Forbidden):
            return None
        return None

    # ---- where a game lives ----------------------------------------------------------------------------
    async def _played(self, delivery: Delivery) -> Played | None:
        if delivery.game_id is None:
            return None
        known = self._known.get(delivery.game_id)
        if known is not None and known.game.version == delivery.version:
            return known
        try:
            return await self.services.host.snapshot(delivery.game_id)
        except Exception:  # a game deleted meanwhile: nothing to deliver
            log.warning("delivery %s: game %s is gone", delivery.id, delivery.game_id)
            return None

    async def _controls(self, name: str, played: Played, delivery: Delivery | None) -> discord.ui.View | None:
        builder = self.services.controls.get(name)
        if builder is None:
            return None
        with language.using(played.game.language):  # buttons on a public message: the game's language
            return await builder(played, delivery)

    async def _channel(self, channel_id: int, guild_id: int | None = None) -> Any:
        """The channel or thread from the cache of its server when it is known (``Client.get_channel`` looks
        through every server the bot is in), else from any cache, else fetched."""
        guild = self.client.get_guild(guild_id) if guild_id is not None else None
        found = guild.get_channel_or_thread(channel_id) if guild is not None else self.client.get_channel(channel_id)
        return found or await self.client.fetch_channel(channel_id)

    async def _send_in_game(
        self, record: GameRecord, delivery: Delivery, kwargs: dict[str, Any]
    ) -> discord.Message | None:
        """Send where the game lives, with the delivery's nonce; the channel only if the thread is closed or gone."""
        kwargs = {"allowed_mentions": no_pings(), **kwargs}  # who may be pinged is said by the caller, else nobody
        try:
            channel = await self._channel(record.post_channel_id, record.guild_id)
        except discord.NotFound:
            if record.thread_id is None:
                raise Undeliverable(f"the channel of game {record.id} is gone") from None
            await self.services.store.set_thread(record.id, None)
            return await self._send_to_parent(record, delivery, kwargs, THREAD_DELETED)
        if isinstance(channel, discord.Thread):
            try:
                if channel.archived:
                    await channel.edit(archived=False)
                return await channel.send(nonce=nonce(delivery), **kwargs)
            except discord.Forbidden:
                return await self._send_to_parent(record, delivery, kwargs, THREAD_CLOSED)
            except discord.NotFound:
                await self.services.store.set_thread(record.id, None)
                return await self._send_to_parent(record, delivery, kwargs, THREAD_DELETED)
        return await channel.send(nonce=nonce(delivery), **kwargs)

    async def _send_to_parent(
        self, record: GameRecord, delivery: Delivery, kwargs: dict[str, Any], why: str
    ) -> discord.Message | None:
        channel = await self._channel(record.channel_id, record.guild_id)
        moved = {"allowed_mentions": no_pings(), **kwargs}
        moved["content"] = fit_message(f"{say_for('bazaar', (), record.language)._(why)}\n{kwargs.get('content', '')}")
        fresh = kwargs.get("file")
        if isinstance(fresh, discord.File):
            fresh.reset()
        return await channel.send(nonce=nonce(delivery, "p"), **moved)


def board_content(payload: dict[str, Any]) -> str:
    """A board post's text: its title line, what happened (folded turns included), the standings, who is next
    and what they must decide.

    When it is too long for one message, what happened is shortened: the title, the standings and the ping stay.
    """
    head, after = str(payload.get("head", "")), str(payload.get("next", ""))
    standings = str(payload.get("standings") or "")
    happened = "\n".join(str(line) for line in payload.get("happened", []) if line)
    room = MESSAGE_LIMIT - len(head) - len(standings) - len(after) - 3
    lines = [head, shorten(happened, max(room, 0)) if happened else "", standings, after]
    return fit_message("\n".join(line for line in lines if line))


def message_kwargs(content: str, ping: list[int]) -> dict[str, Any]:
    return {"content": fit_message(content), "allowed_mentions": pings(ping)}


def pings(user_ids: list[int]) -> discord.AllowedMentions:
    """Mentions that may ping exactly these users, never a role or everyone."""
    users = [discord.Object(id=int(u)) for u in user_ids]
    return discord.AllowedMentions(users=users, roles=False, everyone=False, replied_user=False)


def no_pings() -> discord.AllowedMentions:
    return discord.AllowedMentions.none()


def nonce(delivery: Delivery, suffix: str = "") -> str:
    """The delivery's nonce (at most 25 characters): Discord keeps one message per nonce."""
    return f"bz{delivery.id}{suffix}"[:25]


def backoff(attempts: int, retry_after: float | None = None) -> float:
    """Seconds before the next try: what Discord asked for, else doubling from 1 s up to 5 min, with jitter."""
    if retry_after is not None:
        return float(retry_after) + random.uniform(0.0, 0.5)
    return min(MAX_BACKOFF, 2.0 ** max(attempts - 1, 0)) * random.uniform(0.8, 1.2)


REPLAY_TEXT = NN_(
    "{title} — the whole game, turn by turn ({turns} turn).",
    "{title} — the whole game, turn by turn ({turns} turns).",
    key="turns",
)
REPLAY_ALT = NN_(
    "Animated replay of {title}: the board after its one turn, the final board held last.",
    "Animated replay of {title}: the board after each of its {turns} turns, the final board held last.",
    key="turns",
)
REPLAY_ALT_SOME = N_(
    "Animated replay of {title}: the board after some of its {turns} turns ({frames} boards), the final board held "
    "last."
)
"""The alt text when the replay shows fewer boards than the game had turns (a long game, or an operator's
``BAZAAR_REPLAY_FRAMES``)."""


async def replay_message(services: Services, played: Played) -> dict[str, Any]:
    """A finished game's animated replay as a message: a line and the image (with its alt text), pinging nobody."""
    log = await services.store.moves(played.game.id)
    animation = await services.images.replay(record_of(played, log, services.clock()), played.game.language)
    say = services.posts.say(played)
    title = services.posts.title(played)
    params = {"title": title, "turns": animation.turns}
    alt = say.fill(
        REPLAY_ALT if animation.every_turn else REPLAY_ALT_SOME,
        {**params, "title": title.strip("*"), "frames": animation.frames},  # alt text is plain: no bold marks
    )
    name = f"{played.game.game}-{played.game.id}-replay{animation.filename_suffix}"
    file = discord.File(io.BytesIO(animation.data), filename=name, description=alt)
    return {"content": say.fill(REPLAY_TEXT, params), "file": file, "allowed_mentions": no_pings()}
