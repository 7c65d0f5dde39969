"""PNG encoding for board images: small files, quickly.

Board images are large areas of few flat colours, so a 256-colour palette keeps them
small without visible loss; zlib level 6 is the size/speed balance.
"""

from __future__ import annotations

import io

from PIL import Image

PALETTE_COLOURS = 256
COMPRESS_LEVEL = 6


def encode_png(image: Image.Image, *, palette: bool = True) -> bytes:
    """``image`` as PNG bytes; reduced to a 256-colour palette first unless ``palette`` is False."""
    if palette:
        image = image.convert("RGB").quantize(
            colors=PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=COMPRESS_LEVEL)
    return buffer.getvalue()
