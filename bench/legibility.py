"""``python -m bench.legibility``: how much of each image a phone still shows, read by OCR.

Discord on a phone shows an image in a message about 360 px wide. For every game (``engines.names()``;
nothing here names a game) and every player count, a few mid-game states of seeded random play are
drawn as posted: the public board (``render.render_board`` of the spectator's view, ``layout``
"phone" unless told otherwise) and each seat's private image (``render.render_private``, where the
game has one). Each image is read by the ``tesseract`` command (``--psm 11``, TSV, words kept at
confidence ≥ 75; read twice, with Otsu's and with Sauvola's binarisation, and a word counts when both
find it) at full size, then again after shrinking it to 360 px wide and enlarging that ×2 (LANCZOS
both ways: what a phone shows, magnified so the OCR's resolution is not the limit).

*Words* are alphanumeric tokens of at least two characters, compared case-insensitively as a
multiset; the **share** of an image is how many of the words read at full size are read again at
360 px. ``tests/test_legibility.py`` asserts it for every image; this module prints the table and
the medians (figures in docs/BENCHMARKS.md). Nothing here is a test.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import re
import shutil
import statistics
import subprocess
import tempfile
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from PIL import Image

import engines
import render
from bot.core.pictures import picture_words
from engines.base import CHANCE, GameState, View

PHONE_WIDTH = 360
"""How wide Discord on a phone shows an image in a message."""
MAGNIFY = 2
"""The shrunk image is enlarged this many times before it is read."""
PSM = "11"
"""Tesseract's page segmentation mode: 11, sparse text in any order (a board is no page of prose)."""
THRESHOLDINGS = (0, 2)
"""Tesseract's binarisations, each image is read once with each: 0 one Otsu threshold for the whole image,
2 Sauvola's local thresholds. A word counts as read when every reading finds it: graphics (a row of pattern
marks, a cube's letter beside a token, tassels) are read as words by one binarisation and not the other,
and one alone also loses real words now and then (a pale patch blackened by one global threshold)."""
MIN_CONFIDENCE = 75.0
"""Words tesseract reads with less confidence (0–100) are not counted."""
LAYOUT = "phone"
"""The layout the thread's board is posted in."""
NAMES = ("Aïcha", "Benjamin", "Chen", "Dmitri", "Eva", "Farid")
STATE_FRACTIONS = (0.3, 0.55, 0.8)
"""Where in a random game (as a share of its length) the sampled states lie."""
BACKGROUND = (255, 255, 255)
"""What a transparent image is read over (Discord's light theme)."""
WORD = re.compile(r"[^\W_]{2,}")


OCR_MODELS = {"en": "eng", "es": "spa+eng"}
"""Tesseract's language data to read a picture drawn in each language with (Spanish: ``tesseract-ocr-spa``)."""


def tesseract_available(language: str = "en") -> bool:
    """Whether the ``tesseract`` command is on the PATH, with the language data to read ``language``."""
    if shutil.which("tesseract") is None:
        return False
    if language == "en":
        return True
    listed = subprocess.run(["tesseract", "--list-langs"], capture_output=True, text=True, check=False)
    have = set(listed.stdout.split())
    return all(model in have for model in OCR_MODELS[language].split("+"))


@dataclass(frozen=True)
class Reading:
    """One image read at full size and at phone size."""

    game: str
    players: int
    kind: str
    """``public`` or ``private``."""
    seat: int | None
    state: int
    """Which sampled state of the game (0-based)."""
    width: int
    height: int
    full: tuple[str, ...]
    small: tuple[str, ...]

    @property
    def share(self) -> float:
        """The share of the words read at full size that are read at phone size too (1 when there are none)."""
        if not self.full:
            return 1.0
        kept = Counter(self.full) & Counter(self.small)
        return sum(kept.values()) / len(self.full)

    @property
    def lost(self) -> list[str]:
        """The words read at full size and not at phone size (with repeats)."""
        return sorted((Counter(self.full) - Counter(self.small)).elements())

    def label(self) -> str:
        seat = "" if self.seat is None else f" seat {self.seat}"
        return f"{self.game} {self.players}p state {self.state} {self.kind}{seat}"


def words_of(text: str) -> list[str]:
    """The words of ``text``: alphanumeric runs of at least two characters, lower case."""
    return [word.lower() for word in WORD.findall(text)]


def flattened(image: Image.Image) -> Image.Image:
    """``image`` as RGB, over ``BACKGROUND`` where it is transparent."""
    if image.mode in ("RGBA", "LA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        ground = Image.new("RGBA", rgba.size, (*BACKGROUND, 255))
        return Image.alpha_composite(ground, rgba).convert("RGB")
    return image.convert("RGB")


def phone_sized(image: Image.Image, width: int = PHONE_WIDTH, magnify: int = MAGNIFY) -> Image.Image:
    """``image`` as a phone shows it ``width`` px wide, enlarged ``magnify`` times (LANCZOS both ways)."""
    height = max(1, round(image.height * width / image.width))
    small = image.resize((width, height), Image.Resampling.LANCZOS)
    return small.resize((width * magnify, height * magnify), Image.Resampling.LANCZOS)


def ocr_words(image: Image.Image, min_confidence: float = MIN_CONFIDENCE, model: str = "eng") -> list[str]:
    """The words every reading of ``image`` (one per binarisation) finds with at least ``min_confidence``
    (``model``: tesseract's language data, ``OCR_MODELS``)."""
    return ocr_many([image], min_confidence, model)[0]


def ocr_many(
    images: Sequence[Image.Image], min_confidence: float = MIN_CONFIDENCE, model: str = "eng", workers: int = 1
) -> list[list[str]]:
    """``ocr_words`` of each image, read in few tesseract runs: ``workers`` at a time, each reading its share of
    the images as the pages of one run (a run's start, loading the language data, is about 0.15 s of CPU, a fifth of
    reading a board). Tesseract reads each page on its own: the same words as one run an image."""
    if not images:
        return []
    with tempfile.TemporaryDirectory(prefix="bazaar-ocr-") as folder:
        paths = []
        for index, image in enumerate(images):
            paths.append(os.path.join(folder, f"{index}.png"))
            flattened(image).save(paths[-1], compress_level=1)
        shares = [list(range(first, len(paths), workers)) for first in range(min(workers, len(paths)))]
        jobs = [(share, method) for share in shares for method in THRESHOLDINGS]
        with ThreadPoolExecutor(max_workers=len(shares)) as pool:
            readings = list(
                pool.map(lambda job: _tesseract([paths[i] for i in job[0]], job[1], min_confidence, model), jobs)
            )
    found: list[Counter[str] | None] = [None] * len(images)
    for (share, _), pages in zip(jobs, readings, strict=True):
        for index, words in zip(share, pages, strict=True):
            seen = found[index]
            found[index] = Counter(words) if seen is None else seen & Counter(words)
    return [sorted((words or Counter()).elements()) for words in found]


def _tesseract(paths: Sequence[str], thresholding: int, min_confidence: float, model: str = "eng") -> list[list[str]]:
    """The words one tesseract run reads with at least ``min_confidence`` in each of the images at ``paths`` (its
    pages, in order)."""
    env = {**os.environ, "OMP_THREAD_LIMIT": "1"}
    listing = f"{paths[0]}.{thresholding}.txt"  # beside the images, in ``ocr_many``'s folder: removed with it
    with open(listing, "w", encoding="utf-8") as out:
        out.write("".join(path + "\n" for path in paths))
    done = subprocess.run(
        [
            "tesseract",
            listing,
            "stdout",
            "--psm",
            PSM,
            "-c",
            f"thresholding_method={thresholding}",
            "-l",
            model,
            "tsv",
        ],
        capture_output=True,
        check=True,
        env=env,
    )
    pages: list[list[str]] = [[] for _ in paths]
    for line in done.stdout.decode("utf-8", "replace").splitlines()[1:]:
        fields = line.split("\t")
        if len(fields) < 12 or not fields[11].strip():
            continue
        try:
            page, confidence = int(fields[1]), float(fields[10])
        except ValueError:
            continue
        if confidence >= min_confidence and 1 <= page <= len(pages):
            pages[page - 1].extend(words_of(fields[11]))
    return pages


def mid_game_states(game: str, players: int, seed: int, count: int) -> list[GameState]:
    """``count`` states of one seeded random game of ``game``, spread over its length (none over)."""
    engine = engines.get(game)
    rng = random.Random(f"{game}-{players}-{seed}")
    state = engine.new_game(players)
    states: list[GameState] = []
    while (seat := engine.to_move(state)) is not None:
        states.append(state)
        move = engine.sample_chance(state, rng) if seat == CHANCE else rng.choice(engine.legal_moves(state))
        state = engine.apply(state, move)
    fractions = (
        STATE_FRACTIONS[:count] if count <= len(STATE_FRACTIONS) else [(i + 1) / (count + 1) for i in range(count)]
    )
    return [states[min(len(states) - 1, int(f * len(states)))] for f in fractions]


@dataclass(frozen=True)
class Picture:
    """One image to read, and what it shows."""

    game: str
    players: int
    kind: str
    seat: int | None
    state: int
    png: bytes
    language: str = "en"
    """The language of the words drawn (read with ``OCR_MODELS[language]``)."""


def _named(view: View, players: int) -> View:
    return view.with_names(list(NAMES[:players]))


def pictures(
    game: str,
    players: int,
    *,
    states: int = 1,
    seed: int = 1,
    layout: str = LAYOUT,
    language: str = "en",
    only: Sequence[int] | None = None,
    seats_in_turn: bool = False,
) -> Iterator[Picture]:
    """The public board and every seat's private image (where the game has one) of ``states`` mid-game states
    (``only`` those of these indices), with the words the bot draws in ``language``. ``seats_in_turn``: each
    seat's private image in one state only, seat ``s`` in state ``s % states`` (every seat read once, every
    state's board read: a third of the OCR time at three states, for the test)."""
    engine = engines.get(game)
    words = picture_words(game, language)
    for index, state in enumerate(mid_game_states(game, players, seed, states)):
        if only is not None and index not in only:
            continue
        view = _named(engine.view(state, None), players)
        board = render.render_board(view, layout=layout, words=words)
        yield Picture(game, players, "public", None, index, board, language)
        for seat in range(players):
            if seats_in_turn and seat % states != index:
                continue
            private = render.render_private(_named(engine.view(state, seat), players), layout=layout, words=words)
            if private is not None:
                yield Picture(game, players, "private", seat, index, private, language)


DARK_THEME = (0x31, 0x33, 0x38)
"""Discord's dark theme behind a message's image (``BACKGROUND`` is the light one)."""


def save(picture: Picture, folder: str) -> list[str]:
    """``picture`` written to ``folder`` as posted and as a phone shows it 360 px wide on the light and the dark
    theme (with a margin of the theme's colour round it, as in a message): for looking at, not for reading."""
    os.makedirs(folder, exist_ok=True)
    image = Image.open(io.BytesIO(picture.png))
    image.load()
    seat = "" if picture.seat is None else f"-seat{picture.seat}"
    stem = os.path.join(folder, f"{picture.game}-{picture.players}p-state{picture.state}-{picture.kind}{seat}")
    paths = [f"{stem}.png"]
    with open(paths[0], "wb") as out:
        out.write(picture.png)
    rgba = image.convert("RGBA")
    height = max(1, round(image.height * PHONE_WIDTH / image.width))
    for name, colour in (("light", BACKGROUND), ("dark", DARK_THEME)):
        ground = Image.new("RGBA", rgba.size, (*colour, 255))
        small = (
            Image.alpha_composite(ground, rgba).convert("RGB").resize((PHONE_WIDTH, height), Image.Resampling.LANCZOS)
        )
        framed = Image.new("RGB", (PHONE_WIDTH + 32, height + 32), colour)
        framed.paste(small, (16, 16))
        paths.append(f"{stem}-360-{name}.png")
        framed.save(paths[-1])
    return paths


def read(picture: Picture) -> Reading:
    """``picture`` read at full size and at phone size."""
    return read_all([picture], workers=1)[0]


def read_all(items: list[Picture], workers: int | None = None) -> list[Reading]:
    """Every picture read at full size and at phone size, ``workers`` tesseract processes at a time (default: the
    CPUs), each reading many images (``ocr_many``)."""
    count = workers or os.cpu_count() or 1
    images = []
    for picture in items:
        image = Image.open(io.BytesIO(picture.png))
        image.load()
        images.append(image)
    words: dict[int, list[str]] = {}
    small: dict[int, list[str]] = {}
    for model in sorted({OCR_MODELS[picture.language] for picture in items}):
        chosen = [i for i, picture in enumerate(items) if OCR_MODELS[picture.language] == model]
        both = [images[i] for i in chosen] + [phone_sized(flattened(images[i])) for i in chosen]
        readings = ocr_many(both, model=model, workers=count)
        words |= dict(zip(chosen, readings[: len(chosen)], strict=True))
        small |= dict(zip(chosen, readings[len(chosen) :], strict=True))
    return [
        Reading(
            picture.game,
            picture.players,
            picture.kind,
            picture.seat,
            picture.state,
            images[i].width,
            images[i].height,
            tuple(words[i]),
            tuple(small[i]),
        )
        for i, picture in enumerate(items)
    ]


def player_counts(game: str) -> range:
    engine = engines.get(game)
    return range(engine.min_players, engine.max_players + 1)


def table(readings: list[Reading]) -> str:
    """The Markdown table: one row per game, player count and kind (medians over its images), then per game."""
    rows = ["| game | players | image | images | words full (median) | share at 360 px (median) | lowest |"]
    rows.append("|---|---|---|---|---|---|---|")
    groups: dict[tuple[str, int, str], list[Reading]] = {}
    for reading in readings:
        groups.setdefault((reading.game, reading.players, reading.kind), []).append(reading)
    for (game, players, kind), group in groups.items():
        words = statistics.median(len(r.full) for r in group)
        shares = [r.share for r in group]
        rows.append(
            f"| {game} | {players} | {kind} | {len(group)} | {words:g} | "
            f"{statistics.median(shares):.2f} | {min(shares):.2f} |"
        )
    rows.append("")
    rows.append("| game | image | median share at 360 px | lowest |")
    rows.append("|---|---|---|---|")
    by_game: dict[tuple[str, str], list[float]] = {}
    for reading in readings:
        by_game.setdefault((reading.game, reading.kind), []).append(reading.share)
    for (game, kind), shares in by_game.items():
        rows.append(f"| {game} | {kind} | {statistics.median(shares):.2f} | {min(shares):.2f} |")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.legibility", description=__doc__)
    parser.add_argument("--states", type=int, default=3, help="mid-game states per game and player count")
    parser.add_argument("--layout", default=LAYOUT, help="the layout of the images (default: phone)")
    parser.add_argument("--games", nargs="*", default=None, help="only these games (default: all)")
    parser.add_argument("--lost", action="store_true", help="list the words lost at 360 px per image")
    parser.add_argument("--language", default="en", help="the language of the words drawn (default: en)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the random games (the test uses 2)")
    parser.add_argument(
        "--save", metavar="DIR", help="also write every image, as posted and 360 px wide on light and dark"
    )
    args = parser.parse_args()
    if not tesseract_available(args.language):
        raise SystemExit(
            "tesseract, or its data for this language, is not installed (apt-get install tesseract-ocr"
            " tesseract-ocr-spa)"
        )
    items = [
        picture
        for game in args.games or engines.names()
        for players in player_counts(game)
        for picture in pictures(
            game, players, states=args.states, seed=args.seed, layout=args.layout, language=args.language
        )
    ]
    if args.save:
        for picture in items:
            save(picture, args.save)
    readings = read_all(items)
    print(table(readings))
    if args.lost:
        for reading in readings:
            print(f"{reading.label()}: {reading.share:.2f} of {len(reading.full)}; lost {reading.lost}")


if __name__ == "__main__":
    main()
