"""The table's figures: thread posts per change of who must act, and needless pings, in seeded local games.

``python -m bench.table [--games marrakech,cairo,morocco,jambo] [--seeds 1,2,3]`` plays whole games between
people in local play (the real bot against the fake Discord), each player a seeded random typist that chooses
only among what the bot offers (buttons, menus, autocomplete: ``tests/test_local_play.py``), and counts:

- **changes**: how often the player who must act changed (the game's end counts as one);
- **posts**: new board messages in the game's thread after the players' answers (not the opening board);
- **posts/change**: the two divided (the aim: one post per turn, ≤ 1.2 for Jambo, ≤ 1.1 for the others);
- **pings**, **needless**: board posts that ping a player, and those that ping the player who had just moved
  and was already to move before the change (the aim: none).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_local_play import CairoTypist, JamboTypist, MarrakechTypist, MoroccoTypist, Typist

from bot.config import Settings
from offline.local import play_locally

TYPISTS: dict[str, tuple[type[Typist], tuple[str, ...]]] = {
    "marrakech": (MarrakechTypist, ("ana", "ben")),
    "cairo": (CairoTypist, ("ana", "ben")),
    "morocco": (MoroccoTypist, ("ana", "ben")),
    "jambo": (JamboTypist, ("ana", "ben")),
}
AIMS = {"jambo": 1.2, "marrakech": 1.1, "cairo": 1.1, "morocco": 1.1}
FAST = Settings(token="", computer_workers=0, image_workers=0)


@dataclass
class Figures:
    """One game's (or several games') counts."""

    answers: int = 0
    changes: int = 0
    posts: int = 0
    pings: int = 0
    needless: int = 0

    def add(self, other: Figures) -> None:
        for name in ("answers", "changes", "posts", "pings", "needless"):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    @property
    def per_change(self) -> float:
        return self.posts / self.changes if self.changes else 0.0

    @property
    def needless_share(self) -> float:
        return self.needless / self.pings if self.pings else 0.0


def figures_of(typist: Typist) -> Figures:
    """The counts of a typist's finished game (``Typist.turns``: who answered, what their answer posted)."""
    found = Figures(answers=len(typist.turns))
    for index, (mover, posted) in enumerate(typist.turns):
        following = typist.turns[index + 1][0] if index + 1 < len(typist.turns) else None
        if following != mover:
            found.changes += 1
        found.posts += len(posted)
        for board in posted:
            pinged = board.mentioned(typist.names)
            if pinged is not None:
                found.pings += 1
                found.needless += pinged == mover
    return found


async def play_one(game: str, seed: int, scratch: Path) -> Figures:
    """One seeded game of ``game`` between people in local play, to its end."""
    typist_class, names = TYPISTS[game]
    out = io.StringIO()
    typist = typist_class(out, names, random.Random(seed))
    where = scratch / f"{game}-{seed}"
    code = await play_locally(FAST, typist, out, images=where / "b", database=where / "g.db", seed=seed)
    if code != 0 or "Game over" not in out.getvalue():
        raise RuntimeError(f"{game} seed {seed} did not finish:\n{out.getvalue()[-2000:]}")
    return figures_of(typist)


async def main(games: list[str], seeds: list[int]) -> None:
    print("| game | players | games | answers | changes of who acts | posts | posts/change | aim | pings | needless |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as scratch:
        for game in games:
            total = Figures()
            started = time.perf_counter()
            for seed in seeds:
                total.add(await play_one(game, seed, Path(scratch)))
            took = time.perf_counter() - started
            print(
                f"| {game} | {len(TYPISTS[game][1])} | {len(seeds)} | {total.answers} | {total.changes} | {total.posts}"
                f" | {total.per_change:.2f} | ≤ {AIMS[game]} | {total.pings} | {total.needless}"
                f" ({100 * total.needless_share:.0f} %) |",
                flush=True,
            )
            print(f"<!-- {game}: {took:.0f} s -->", file=sys.stderr)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(TYPISTS))
    parser.add_argument("--seeds", default="1,2,3")
    args = parser.parse_args()
    asyncio.run(main(args.games.split(","), [int(s) for s in args.seeds.split(",")]))
