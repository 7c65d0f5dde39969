"""PNG encoding for board images: small files, made quickly.

A board is drawn again after every move, so its encoding must cost little:

- Colours. Board images are large areas of few flat colours plus anti-aliased edges. Each game
  reduces its images to its own ``FixedPalette``: 256 colours chosen once, from many of its
  pictures, by ``render.png_palette`` (which keeps the flat colours exact and spends the rest on
  the edges). Mapping pixels to a known palette costs a fraction of choosing a palette for every
  image, and the colours come out closer to the drawing than a per-image palette's.
- Deflate. Level 1: the images are flat, so the higher levels save few bytes for several times
  the time. With the optional ``isal`` package (Intel's ISA-L deflate) it is three to four times
  faster still, for files a little smaller; without it, the standard library's zlib.
- The PNG itself (8-bit indexed, no row filter, as PNG advises for palettes) is written here,
  which also spares Pillow's save machinery.

``encode_png(image, palette=...)`` is the one entry point; ``palette=True`` chooses a palette
for the image (slower, for pictures without a fixed palette), ``False`` keeps it RGB.
"""

from __future__ import annotations

import io
import struct
import zlib
from types import ModuleType

from PIL import Image

_fast_zlib: ModuleType | None
try:  # optional: ISA-L's deflate, the same format, three to four times faster
    from isal import isal_zlib

    _fast_zlib = isal_zlib
except ImportError:  # pragma: no cover - depends on the environment
    _fast_zlib = None

PALETTE_COLOURS = 256
COMPRESS_LEVEL = 1
"""Deflate level for zlib (and for ISA-L, whose levels run 0-3)."""
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
deflate: ModuleType = _fast_zlib or zlib
"""The deflate implementation in use (``isal.isal_zlib`` when installed, else ``zlib``)."""


class FixedPalette:
    """A game's 256 image colours (``colours``: 768 bytes, RGB RGB ...), ready to reduce images to.

    Reducing is a nearest-colour look-up done by Pillow (``Image.quantize(palette=...)``): no
    dithering, so flat areas stay flat. Immutable and shareable between threads.
    """

    def __init__(self, colours: bytes) -> None:
        if len(colours) != 3 * PALETTE_COLOURS:
            raise ValueError(f"a fixed palette has {PALETTE_COLOURS} colours (768 bytes), not {len(colours)} bytes")
        self.colours = bytes(colours)
        self._image = Image.new("P", (1, 1))
        self._image.putpalette(self.colours)

    @classmethod
    def from_hex(cls, text: str) -> FixedPalette:
        """The palette written as hexadecimal (whitespace ignored), as ``render.png_palette`` writes it."""
        return cls(bytes.fromhex("".join(text.split())))

    def rgb(self) -> list[tuple[int, int, int]]:
        """The colours as RGB triples, in index order."""
        data = self.colours
        return [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 3)]

    def reduce(self, image: Image.Image) -> Image.Image:
        """``image`` (RGB) as an indexed image in this palette's colours."""
        return _rgb(image).quantize(palette=self._image, dither=Image.Dither.NONE)


def encode_png(image: Image.Image, *, palette: FixedPalette | bool = True) -> bytes:
    """``image`` as PNG bytes, reduced to ``palette`` (a ``FixedPalette``; True: one chosen for it; False: RGB)."""
    if isinstance(palette, FixedPalette):
        return indexed_png(palette.reduce(image))
    if palette:
        chosen = _rgb(image).quantize(
            colors=PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
        return indexed_png(chosen)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=COMPRESS_LEVEL)
    return buffer.getvalue()


def indexed_png(image: Image.Image) -> bytes:
    """The PNG of an indexed ("P") image: 8 bits a pixel, its palette, rows unfiltered, deflated fast."""
    if image.mode != "P":
        raise ValueError(f"indexed_png takes a P image, not {image.mode}")
    width, height = image.size
    colours = bytes(image.getpalette() or [])[: 3 * PALETTE_COLOURS]
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join(
        (
            PNG_SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", colours),
            _chunk(b"IDAT", deflate.compress(_scanlines(image), COMPRESS_LEVEL)),
            _chunk(b"IEND", b""),
        )
    )


def _scanlines(image: Image.Image) -> bytes:
    """The rows of an indexed image, each led by filter byte 0 (none): a zero column pasted on the left."""
    width, height = image.size
    indices = Image.frombuffer("L", (width, height), image.tobytes(), "raw", "L", 0, 1)
    rows = Image.new("L", (width + 1, height), 0)
    rows.paste(indices, (1, 0))
    return rows.tobytes()


def _rgb(image: Image.Image) -> Image.Image:
    return image if image.mode == "RGB" else image.convert("RGB")


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
