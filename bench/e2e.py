"""End-to-end move latency: the real bot against the fake Discord, one game after another.

``bench_latency(game, moves)`` opens a two-player game in a ``Sandbox`` (lobby buttons, as players
would), then plays ``moves`` random legal moves with ``/<game> play`` and measures, for each, the
time from the interaction being sent to the bot's callback arriving (``Interaction.latency`` of the
fake): the engine, the database write and the board image are all inside it. A finished game is
replaced by a new one. Nothing here is a test: it only measures.
"""

from __future__ import annotations

import random
import statistics
import tempfile
from pathlib import Path
from typing import Any

from bot.fakediscord.state import Channel, Message, User, walk_components
from bot.local import Sandbox
from engines.base import CHANCE


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0–1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def button_id(message: Message, label: str) -> str:
    """The custom id of the button called ``label`` on ``message``."""
    for component in walk_components(message.components):
        if component.get("type") == 2 and component.get("label") == label:
            return str(component["custom_id"])
    raise LookupError(f"no button {label!r}")


async def open_game(box: Sandbox, game: str, players: list[User]) -> tuple[int, Channel]:
    """``/<game> new`` by the first player, the others join with the button, then Start."""
    fake = box.fake
    await (await fake.slash(players[0], box.channel, f"{game} new")).done()
    thread = fake.threads(box.channel)[-1]
    for user in players[1:]:
        await (await fake.click(user, fake.messages(thread)[0], button_id(fake.messages(thread)[0], "Join"))).done()
    lobby = fake.messages(thread)[0]
    await (await fake.click(players[0], lobby, button_id(lobby, "Start"))).done()
    return int(thread.name.rsplit("#", 1)[1]), thread


async def next_move(box: Sandbox, game_id: int, rng: random.Random) -> tuple[int, str] | None:
    """The user id to move and a random legal move for them, or None when the game is over."""
    played = await box.bot.host.snapshot(game_id)  # type: ignore[union-attr]
    seat = played.to_move
    if played.state is None or seat is None or seat == CHANCE:
        return None
    user_id = played.user_of(seat)
    assert user_id is not None
    return user_id, rng.choice(played.engine.legal_moves(played.state))


async def bench_latency(game: str, moves: int) -> dict[str, Any]:
    """Latency of ``moves`` moves of ``game`` through the fake Discord: p50 and p99 in ms."""
    rng = random.Random(3)
    latencies: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        async with Sandbox(Path(folder) / "bench.db", rng=random.Random(4)) as box:
            players = [box.user("ana"), box.user("ben")]
            by_id = {user.id: user for user in players}
            game_id, thread = await open_game(box, game, players)
            while len(latencies) < moves:
                found = await next_move(box, game_id, rng)
                if found is None:
                    game_id, thread = await open_game(box, game, players)
                    continue
                user_id, move = found
                it = await box.fake.slash(by_id[user_id], thread, f"{game} play", {"move": move})
                await it.done()
                if it.ephemeral:
                    raise RuntimeError(f"the bot refused the legal move {move!r}: {it.content}")
                latencies.append(it.latency * 1000)
    return {
        "p50_ms": statistics.median(latencies),
        "p99_ms": percentile(latencies, 0.99),
        "moves": len(latencies),
    }
