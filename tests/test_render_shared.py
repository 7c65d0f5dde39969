"""The shared picture machinery: PNG encoding with fixed palettes, choosing those palettes, remembering fonts.

Every game's fixed palette is checked against fresh pictures of that game: when a renderer starts
drawing colours its palette does not hold, these tests fail and ask for ``python -m render.png_palette``.
"""

from __future__ import annotations

import importlib
import io
import random
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

import engines
import engines.base
import render
import render.png as render_png
from render.fonts import BOLD_FILE, FONT_DIR, drawable, font, has_glyph
from render.png import FixedPalette, encode_png, indexed_png
from render.png_palette import build_palette, palette_fidelity, palette_module, sample_images
from render.samples import sample_views

GAMES = [name for name in engines.names() if render.has_board(name)]
FLAT = [(246, 236, 218), (52, 36, 26), (214, 64, 40), (0, 104, 178), (242, 200, 36), (255, 250, 240)]


def drawing(seed: int = 1) -> Image.Image:
    """Flat blocks with anti-aliased words and discs on them, like a board."""
    rng = random.Random(seed)
    image = Image.new("RGB", (320, 200), FLAT[0])
    draw = ImageDraw.Draw(image)
    for index, colour in enumerate(FLAT[2:]):
        draw.rectangle((10 + 75 * index, 20, 75 + 75 * index, 180), fill=colour)
    for _ in range(12):
        x, y = rng.randrange(0, 280), rng.randrange(0, 170)
        draw.text((x, y), rng.choice(["Kairo", "d4", "12", "Ana"]), font=font(18, bold=True), fill=FLAT[1])
        draw.ellipse((x, y, x + 17, y + 17), fill=FLAT[5], outline=FLAT[1], width=2)
    return image


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    image.load()
    return image


# ---- encoding -------------------------------------------------------------------------------------------
def test_a_fixed_palette_png_holds_exactly_the_reduced_picture() -> None:
    image = drawing()
    palette = build_palette([image, drawing(2)])
    decoded = decode(encode_png(image, palette=palette))
    assert decoded.mode == "P" and decoded.size == image.size
    expected = palette.reduce(image).convert("RGB")
    assert ImageChops.difference(decoded.convert("RGB"), expected).getbbox() is None


@pytest.mark.parametrize("game", [name for name in engines.names() if render.has_board(name)])
def test_a_board_as_a_picture_is_exactly_the_board_png_decoded(game: str) -> None:
    """``render.board_picture`` (an animated replay's frames) gives the pixels and palette ``render_board``'s PNG
    holds, without the file."""
    view, places = next(sample_views(game, 1, seed=4))
    for layout in ("phone", "landscape"):
        picture = render.board_picture(view, places, layout)
        decoded = Image.open(io.BytesIO(render.render_board(view, places, layout)))
        assert picture.mode == decoded.mode == "P" and picture.size == decoded.size
        assert picture.tobytes() == decoded.tobytes()
        assert picture.getpalette() == decoded.getpalette()


@pytest.mark.parametrize("library", ["zlib", "isal.isal_zlib"])
def test_either_deflate_writes_a_png_that_decodes_to_the_same_pixels(
    library: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    deflate = pytest.importorskip(library)
    monkeypatch.setattr(render_png, "deflate", deflate)
    image = drawing(3)
    palette = build_palette([image])
    decoded = decode(encode_png(image, palette=palette)).convert("RGB")
    assert ImageChops.difference(decoded, palette.reduce(image).convert("RGB")).getbbox() is None


def test_flat_colours_come_out_exactly_and_edges_close() -> None:
    image = drawing()
    palette = build_palette([drawing(seed) for seed in range(1, 5)])
    shown = decode(encode_png(image, palette=palette)).convert("RGB")
    areas = [colour for colour in FLAT if colour != FLAT[1]]  # ink draws only words and thin rings
    assert set(areas) <= set(palette.rgb())
    for index, colour in enumerate(FLAT[2:]):
        counts = shown.crop((10 + 75 * index, 20, 75 + 75 * index, 180)).getcolors(1 << 16) or []
        assert max(counts)[1] == colour
    fit = palette_fidelity([image], palette)
    assert fit.flat_error <= 4 and fit.mean_error < 1.0 and fit.far_share < 0.001


def test_without_a_fixed_palette_the_png_is_indexed_or_rgb() -> None:
    image = drawing()
    chosen = decode(encode_png(image))
    assert chosen.mode == "P"
    assert palette_fidelity([image], FixedPalette(bytes(chosen.getpalette() or []).ljust(768, b"\0"))).flat_error <= 8
    rgb = decode(encode_png(image, palette=False))
    assert rgb.mode == "RGB" and ImageChops.difference(rgb, image).getbbox() is None


def test_palettes_have_256_colours_and_only_indexed_images_are_written_as_such() -> None:
    with pytest.raises(ValueError, match="256"):
        FixedPalette(bytes(30))
    palette = FixedPalette(bytes(range(256)) * 3)
    assert FixedPalette.from_hex(palette.colours.hex()).colours == palette.colours
    with pytest.raises(ValueError, match="P image"):
        indexed_png(Image.new("RGB", (4, 4)))


# ---- every game's palette ------------------------------------------------------------------------------------
@pytest.mark.slow  # draws ten boards of random games for each game
@pytest.mark.parametrize("game", GAMES)
def test_each_games_palette_still_fits_its_pictures(game: str) -> None:
    palette = importlib.import_module(f"render.{game}.png_colours").PALETTE
    fit = palette_fidelity(sample_images(game, 10, seed=5), palette)
    hint = f"{game}'s pictures drifted from their palette: run python -m render.png_palette {game} ({fit})"
    assert fit.mean_error < 1.5, hint
    assert fit.far_share < 0.001, hint
    assert fit.flat_error <= 24, hint


@pytest.mark.parametrize("game", GAMES)
def test_each_games_palette_module_is_the_one_the_command_writes(game: str) -> None:
    module = importlib.import_module(f"render.{game}.png_colours")
    assert Path(module.__file__).read_text(encoding="utf-8") == palette_module(game, module.PALETTE)


# ---- fonts ------------------------------------------------------------------------------------------------
def test_remembered_glyphs_draw_the_same_pixels_as_freetype() -> None:
    plain = ImageFont.truetype(str(FONT_DIR / BOLD_FILE), 23)
    remembered = font(23, bold=True)
    pictures = []
    for chosen in (plain, remembered, remembered):
        image = Image.new("RGB", (300, 90), (240, 220, 180))
        draw = ImageDraw.Draw(image)
        draw.text((10.4, 10.7), "Aïcha paid 12", font=chosen, fill=(52, 36, 26))
        draw.text((150, 60), "R", font=chosen, fill=(255, 250, 240), anchor="mm", stroke_width=2, stroke_fill=(0, 0, 0))
        pictures.append(image.tobytes())
    assert pictures[0] == pictures[1] == pictures[2]
    assert remembered.getlength("Aïcha paid 12") == plain.getlength("Aïcha paid 12")


def test_fonts_survive_pickling_into_another_process() -> None:
    import pickle

    remembered = font(21)
    remembered.getlength("warm")
    copy = pickle.loads(pickle.dumps(remembered))
    assert copy.size == 21 and copy.getlength("warm") == remembered.getlength("warm")


# ---- warming a worker ---------------------------------------------------------------------------------
def test_warming_up_draws_every_layout_so_the_static_layers_are_ready() -> None:
    from render.marrakech import picture
    from render.warm import warm_up

    picture.static_layer.cache_clear()
    warm_up(["marrakech"], views=1)
    assert picture.static_layer.cache_info().currsize == 2  # landscape and portrait


def test_sample_views_come_from_every_player_count_and_repeat_with_the_seed() -> None:
    from render.samples import sample_views

    first = [(view.model_dump(), places) for view, places in sample_views("marrakech", 6, seed=3)]
    again = [(view.model_dump(), places) for view, places in sample_views("marrakech", 6, seed=3)]
    assert first == again
    assert {len(view["seats"]) for view, _ in first} == {2, 3, 4}


# ---- names the fonts cannot draw --------------------------------------------------------------------------
def test_a_name_keeps_only_what_the_fonts_draw_and_a_computer_shows_a_gear() -> None:
    assert drawable("🤖 Amira") == "⚙ Amira", "a computer's mark is drawn as a gear, not an empty box"
    assert drawable("Zoë 🎲 x") == "Zoë x" and drawable("🎲🎲") == "?" and drawable("Ana") == "Ana"
    assert has_glyph("⚙") and has_glyph("ë") and not has_glyph("🎲")


@pytest.mark.parametrize("game", GAMES)
def test_boards_draw_names_with_emoji_as_their_drawable_form(game: str) -> None:
    engine = engines.get(game)
    state = engine.new_game(engine.min_players)
    rng = random.Random(5)
    for _ in range(12):
        seat = engine.to_move(state)
        if seat is None:
            break
        move = (
            engine.sample_chance(state, rng) if seat == engines.base.CHANCE else rng.choice(engine.legal_moves(state))
        )
        state = engine.apply(state, move)
    view = engine.view(state, None)
    names = ["🤖 Amira", "Ben 🎲", "Cy", "Di", "Ed"][: engine.min_players]
    drawn = ["⚙ Amira", "Ben", "Cy", "Di", "Ed"][: engine.min_players]
    assert render.render_board(view.with_names(names)) == render.render_board(view.with_names(drawn))
