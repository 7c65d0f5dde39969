"""``python -m bench.computers``: does a person still get quick answers while computer players think?

Four solo games (one person and three computers each) keep the computers thinking: whenever it is
that person's turn again, they play at once, so the next three computer decisions start. Meanwhile two
other people play a game of their own by slash command, and each of their moves is timed: until the
bot's answer (the interaction is deferred at once) and until the new board is posted. The computers
think at their ``normal`` level in the bot's worker process, as in production. Nothing here is a test:
it only measures.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from bench.e2e import command_for, next_move, open_game, percentile
from bot.config import Settings
from offline.fakediscord.state import Channel, User
from offline.sandbox import Sandbox


async def solo(box: Sandbox, user: User, game: str, computers: int) -> tuple[int, Channel]:
    await (await box.fake.slash(user, box.channel, f"{game} new", {"computers": computers})).done()
    thread = box.fake.threads(box.channel)[-1]
    lobby = box.fake.messages(thread)[0]
    await (await box.fake.click(user, lobby, next(c for c in lobby.button_ids if ":start" in c))).done()
    return int(thread.name.rsplit("#", 1)[1]), thread


async def keep_thinking(box: Sandbox, user: User, game_id: int, thread: Channel, stop: asyncio.Event) -> int:
    """Play the person's turns of a solo game as soon as they come; how many the computers answered."""
    rng = random.Random(game_id)
    played = 0
    while not stop.is_set():
        found = await next_move(box, game_id, rng)
        if found is None or found[0] != user.id:
            await asyncio.sleep(0.05)
            continue
        command, options = command_for(box, "marrakech", found[1])
        await (await box.fake.slash(user, thread, f"marrakech {command}", options)).done()
        played += 1
    return played


async def measure(moves: int, thinkers: int) -> dict[str, float]:
    settings = Settings(token="", computer_workers=1, image_workers=1, computer_iterations=None)
    with tempfile.TemporaryDirectory() as folder:
        async with Sandbox(Path(folder) / "b.db", rng=random.Random(1), settings=settings) as box:
            people = [box.user(f"p{n}") for n in range(thinkers)]
            games = [await solo(box, person, "marrakech", 3) for person in people]
            stop = asyncio.Event()
            busy = [
                asyncio.create_task(keep_thinking(box, p, gid, thread, stop))
                for p, (gid, thread) in zip(people, games, strict=True)
            ]
            ana, ben = box.user("ana"), box.user("ben")
            by_id = {ana.id: ana, ben.id: ben}
            game_id, thread = await open_game(box, "marrakech", [ana, ben])
            rng = random.Random(2)
            answers: list[float] = []
            boards: list[float] = []
            cpu_start = time.process_time()
            while len(answers) < moves:
                found = await next_move(box, game_id, rng)
                if found is None:
                    game_id, thread = await open_game(box, "marrakech", [ana, ben])
                    continue
                command, options = command_for(box, "marrakech", found[1])
                start = time.perf_counter()
                it = await box.fake.slash(by_id[found[0]], thread, f"marrakech {command}", options)
                await it.done()
                boards.append((time.perf_counter() - start) * 1000)
                answers.append(it.latency * 1000)
                await asyncio.sleep(0.2)
            stop.set()
            thought = sum(await asyncio.gather(*busy))
            return {
                "answer_p50": statistics.median(answers),
                "answer_p99": percentile(answers, 0.99),
                "board_p50": statistics.median(boards),
                "board_p99": percentile(boards, 0.99),
                "computer_turns": thought,
                "main_cpu_s": time.process_time() - cpu_start,
            }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.computers", description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60, help="timed moves of the two people")
    parser.add_argument("--thinkers", type=int, default=4, help="solo games whose computers keep thinking")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    r = asyncio.run(measure(args.moves, args.thinkers))
    print(f"load before: {load:.2f}; {args.thinkers} solo games thinking; {args.moves} timed moves")
    print("| answer p50 ms | answer p99 ms | board posted p50 ms | board posted p99 ms | person turns in solo games |")
    print("|---|---|---|---|---|")
    print(
        f"| {r['answer_p50']:.1f} | {r['answer_p99']:.1f} | {r['board_p50']:.1f} | {r['board_p99']:.1f} | "
        f"{r['computer_turns']:.0f} |"
    )


if __name__ == "__main__":
    main()
