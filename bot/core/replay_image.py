"""A whole game as one animated image: a frame per turn, the public board after it, the final board held longer.

Nothing here knows Discord. ``replay_animation`` replays a record (``bot.core.records_file``) with the engine,
draws the spectators' view after every turn (the phone layout where the renderer has one, else portrait: a
board above its panel, readable at a phone's width), and encodes the frames as an animated lossless WebP. It
stays under ``MAX_BYTES`` (Discord's upload limit): too big, and it is made again with fewer frames (every other
turn, the final board always kept), then smaller frames.

It takes seconds for a long game, so the bot runs it in the image worker pool (``Images.replay``): no move
waits for it.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from PIL import Image

import engines
import render
from bot.core.catalog import DEFAULT_LOCALE
from bot.core.host import apply_entry
from bot.core.pictures import picture_words
from bot.core.records import MoveRecord
from bot.core.records_file import GameFile
from engines.base import Engine, GameState

MAX_BYTES = 8 * 1024 * 1024
"""Discord's upload limit for a server without boosts."""
MAX_FRAMES = 240
"""More turns than this are shown every n-th turn (the final board always)."""
FRAME_MS = 700
FINAL_MS = 4000
"""How long each turn, and the final board, stays on screen."""


@dataclass(frozen=True)
class Animation:
    """An encoded replay: its bytes, its format (``webp``), how many frames and the frame size."""

    data: bytes
    format: str
    frames: int
    size: tuple[int, int]
    turns: int

    @property
    def filename_suffix(self) -> str:
        return "." + self.format

    @property
    def every_turn(self) -> bool:
        """Whether it shows the board after every turn (the first board and one a turn), not some of them."""
        return self.frames >= self.turns + 1


def replay_layout() -> str:
    """``phone`` where the renderer draws it, else ``portrait``."""
    return "phone" if "phone" in render.LAYOUTS else "portrait"


def states_after_turns(engine: Engine, start: GameState, log: Sequence[MoveRecord]) -> list[GameState]:
    """The game before its first row, then after each turn (a seat's decisions with the chance they triggered,
    grouped as the log groups them); undone rows are skipped."""
    states = [start]
    state = start
    turn_seat: int | None = None
    opened = False
    for row in log:
        if row.undone:
            continue
        opens = not opened or (row.kind != "chance" and row.seat != turn_seat)
        if opens and opened:
            states.append(state)
        if opens:
            turn_seat, opened = (None if row.kind == "chance" else row.seat), True
        state = apply_entry(engine, state, row).state
    if opened:
        states.append(state)
    return states


def _pick(count: int, most: int) -> list[int]:
    """At most ``most`` indices of ``count`` frames, evenly spread, the first and the last kept."""
    if count <= most:
        return list(range(count))
    step = (count - 1) / (most - 1)
    return sorted({round(i * step) for i in range(most)})


def _encode(frames: Sequence[Image.Image]) -> bytes:
    """The frames as an animated lossless WebP, at a low effort.

    Every frame after the first is stored as the rectangle that changed since the one before (no key frames:
    ``kmin``/``kmax`` 0). A replay is watched from its start, never entered in the middle, and key frames, each a
    whole board, made it slower to encode and larger: for the longest of four random games of each kind, 1.5–2× the
    time and 1.06–2× the bytes (docs/BENCHMARKS.md, "Replays and warm workers"). An animated GIF of the same
    frames was never the smaller (1.8–2.9× the bytes), so none is made.
    """
    durations = [FRAME_MS] * (len(frames) - 1) + [FINAL_MS]
    webp = io.BytesIO()
    frames[0].save(
        webp,
        format="WEBP",
        save_all=True,
        append_images=list(frames[1:]),
        duration=durations,
        loop=0,
        lossless=True,
        method=1,
        quality=0,
        kmin=0,
        kmax=0,
    )
    return webp.getvalue()


class Stopped(Exception):
    """The replay was given up while being drawn (the bot is stopping)."""


def replay_animation(
    record: GameFile,
    layout: str | None = None,
    budget: int = MAX_BYTES,
    stop: Callable[[], bool] | None = None,
    words: Mapping[str, str] | None = None,
    most: int = MAX_FRAMES,
) -> Animation:
    """The record's game as an animated image no bigger than ``budget`` bytes (``stop()`` true: give up), drawn
    with ``words`` (``bot.core.pictures``; None: English), showing at most ``most`` boards (at least the first and
    the final one)."""
    if words is None:
        words = picture_words(record.game, DEFAULT_LOCALE)
    engine = engines.get(record.game)
    start = engine.new_game(len(record.seats), record.options)
    states = states_after_turns(engine, start, record.log())
    chosen = layout or replay_layout()
    frames: list[Image.Image] = []
    for index in _pick(len(states), max(2, most)):
        if stop is not None and stop():
            raise Stopped
        view = engine.view(states[index], None).with_names(record.names)
        frames.append(render.board_picture(view, (), chosen, words))
    frames = _same_size(frames)
    scale = 1.0
    while True:
        shown = frames if scale == 1.0 else [_scaled(frame, scale) for frame in frames]
        data = _encode(shown)
        if len(data) <= budget or (len(frames) <= 2 and scale < 0.3):
            return Animation(data, "webp", len(shown), shown[0].size, len(states) - 1)
        if len(frames) > 60:  # fewer turns first: every other one, the first and the final board kept
            frames = [frames[i] for i in _pick(len(frames), (len(frames) + 1) // 2)]
        else:
            scale *= 0.75


def _same_size(frames: list[Image.Image]) -> list[Image.Image]:
    """Frames of one size and mode: each drawn on a canvas as big as the biggest, in its own background colour (a
    panel grows as a game goes on); palette images where every frame has the renderer's one palette, else RGB."""
    palettes = {bytes(f.getpalette() or b"") if f.mode == "P" else b"" for f in frames}
    shared = len(palettes) == 1 and frames[0].mode == "P"
    frames = [f if shared else f.convert("RGB") for f in frames]
    width, height = max(f.size[0] for f in frames), max(f.size[1] for f in frames)
    sized = []
    for frame in frames:
        if frame.size != (width, height):
            canvas = Image.new(frame.mode, (width, height), frame.getpixel((frame.size[0] - 1, frame.size[1] - 1)))
            if shared:
                canvas.putpalette(frame.getpalette() or [])
            canvas.paste(frame, (0, 0))
            frame = canvas
        sized.append(frame)
    return sized


def _scaled(frame: Image.Image, scale: float) -> Image.Image:
    """A smaller frame (smoothed; a palette frame is brought back to its palette)."""
    width, height = frame.size
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    small = frame.convert("RGB").resize(size, Image.Resampling.LANCZOS)
    return small.quantize(palette=frame, dither=Image.Dither.NONE) if frame.mode == "P" else small
