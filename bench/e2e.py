"""End-to-end move latency: the real bot against the fake Discord, one game after another.

``bench_latency(game, moves)`` opens a two-player game in a ``Sandbox`` (lobby buttons, as players
would), then plays ``moves`` random legal decisions by slash command (``/<game> play move:``, or the
game's own command where its ``play`` takes something else) and measures, for each, two times: until
the bot's answer arrives (``answer``: the interaction is deferred at once) and until the new board is
posted in the game's thread (``board``: the engine, the database write, the image and the upload are
all inside it). A finished game is replaced by a new one. Nothing here is a test: it only measures.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from engines.base import CHANCE
from offline.fakediscord.state import Channel, Message, User, walk_components
from offline.sandbox import Sandbox


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
    """The user id to move and a random whole decision for them (``;`` between its moves), or None at the end."""
    played = await box.bot.host.snapshot(game_id)  # type: ignore[union-attr]
    seat = played.to_move
    if played.state is None or seat is None or seat == CHANCE:
        return None
    user_id = played.user_of(seat)
    assert user_id is not None
    engine, state, moves = played.engine, played.state, []
    while True:
        move = rng.choice(engine.legal_moves(state))
        moves.append(move)
        state = engine.apply(state, move)
        if not (engine.partial(state) and engine.to_move(state) == seat):
            return user_id, "; ".join(moves)


def command_for(box: Sandbox, game: str, move: str) -> tuple[str, dict[str, Any]]:
    """The slash command that sends ``move``: ``play move:`` where the game has it, else by its first word."""
    group = next(c for c in box.fake.registered_commands() if c["name"] == game)
    play = next(o for o in group.get("options", []) if o["name"] == "play")
    if any(o["name"] == "move" for o in play.get("options", [])):
        return "play", {"move": move}
    word = move.split()[0]
    if word in ("draw", "end", "pass"):
        return word, {}
    if word == "bid":
        return "bid", {"amount": int(move.split()[1])}
    if word in ("play", "buy", "sell"):
        return "play", {"card": move}
    if word == "use":
        return "use", {"utility": move}
    if word in ("react", "decline"):
        return "react", {"answer": move}
    return "decide", {"choice": move}


async def bench_latency(game: str, moves: int) -> dict[str, Any]:
    """Latency of ``moves`` decisions of ``game`` through the fake Discord: answer and board, p50 and p99 in ms."""
    rng = random.Random(3)
    latencies: list[float] = []
    answers: list[float] = []
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
                command, options = command_for(box, game, move)
                before = (await box.bot.host.game(game_id)).version  # type: ignore[union-attr]
                start = time.perf_counter()
                it = await box.fake.slash(by_id[user_id], thread, f"{game} {command}", options)
                await it.done()
                elapsed = time.perf_counter() - start
                if (await box.bot.host.game(game_id)).version == before:  # type: ignore[union-attr]
                    raise RuntimeError(f"the bot refused the legal move {move!r}: {it.content}")
                latencies.append(elapsed * 1000)
                answers.append(it.latency * 1000)
    return {
        "p50_ms": statistics.median(latencies),
        "p99_ms": percentile(latencies, 0.99),
        "answer_p50_ms": statistics.median(answers),
        "answer_p99_ms": percentile(answers, 0.99),
        "moves": len(latencies),
    }
