"""Every image a player is sent reads on a phone: OCR finds at 360 px wide ≥ 90 % of the words it finds at full size.

For each game (``engines.names()``; nothing here names a game) and player count, three mid-game states
of seeded random play are drawn as posted — the public board in the phone layout of each, and every
seat's private image, each seat in one of the states (seat s in state s % 3) — and read by ``tesseract``
(see ``bench/legibility.py``). The sweep (44 images, about 50 s of CPU: under a minute on 2 cores) and the
Spanish pictures are marked slow, and run in CI: the quick run (``-m "not slow"``) reads one case only, the
first state of the first game at its smallest player count, enough to show that the reading works (about 2 s
of tesseract). Skipped, saying why, when the ``tesseract`` command is missing, unless
``BAZAAR_TEST_TESSERACT_REQUIRED=1`` (CI), which fails instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

import engines
from bench.legibility import Picture, Reading, pictures, player_counts, read_all, tesseract_available, words_of

MIN_SHARE = 0.9
STATES = 3
"""Mid-game states per game and player count (30 %, 55 % and 80 % of the way through a seeded random game)."""
SEED = 2
FIRST = (0,)


def _case(game: str, players: int, slow: bool = False) -> object:
    return pytest.param(game, players, id=f"{game}-{players}", marks=[pytest.mark.slow] if slow else [])


PAIRS = [(game, players) for game in engines.names() for players in player_counts(game)]
QUICK = next(pair for pair in PAIRS if pair[0] == "morocco")
"""The one case of the sweep's first state that the quick run reads: Morocco at its fewest players (its board reads
in a fifth of Kairo's time; CI reads every game's)."""
CASES = [_case(game, players) for game, players in PAIRS]
FIRST_STATE_CASES = [_case(game, players, slow=(game, players) != QUICK) for game, players in PAIRS]


def _need_tesseract(language: str) -> None:
    if tesseract_available(language):
        return
    package = "tesseract-ocr" if language == "en" else "tesseract-ocr and tesseract-ocr-spa"
    if os.environ.get("BAZAAR_TEST_TESSERACT_REQUIRED") == "1":
        pytest.fail(f"BAZAAR_TEST_TESSERACT_REQUIRED=1 but {package} is not installed")
    pytest.skip(f"{package} is not installed (apt-get install); set BAZAAR_TEST_TESSERACT_REQUIRED=1 to fail instead")


@pytest.fixture(scope="module")
def tesseract() -> None:
    _need_tesseract("en")


@pytest.fixture(scope="module")
def tesseract_spanish() -> None:
    _need_tesseract("es")


def _assert_legible(readings: list[Reading]) -> None:
    assert readings, "no image was drawn"
    poor = [r for r in readings if r.share < MIN_SHARE]
    assert not poor, "\n".join(
        f"{r.label()} ({r.width}×{r.height}): {r.share:.2f} of {len(r.full)} words read at 360 px; lost {r.lost}"
        for r in poor
    )


@pytest.mark.parametrize(("game", "players"), FIRST_STATE_CASES)
@pytest.mark.usefixtures("tesseract")
def test_images_read_at_phone_width(game: str, players: int) -> None:
    """The sweep's first state: its public board, and the private images of the seats read in it (slow but for
    ``QUICK``)."""
    _assert_legible(read_all(list(sweep(game, players, FIRST))))


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), CASES)
@pytest.mark.usefixtures("tesseract")
def test_images_read_at_phone_width_more_states(game: str, players: int) -> None:
    """The sweep's other states: with the quick test, every state's public board and every seat's private image."""
    _assert_legible(read_all(list(sweep(game, players, tuple(range(1, STATES))))))


def sweep(game: str, players: int, only: tuple[int, ...], language: str = "en") -> Iterator[Picture]:
    return pictures(game, players, states=STATES, seed=SEED, only=only, seats_in_turn=True, language=language)


@pytest.mark.slow
@pytest.mark.parametrize("game", engines.names())
@pytest.mark.usefixtures("tesseract_spanish")
def test_spanish_images_read_at_phone_width(game: str) -> None:
    """A Spanish game's pictures (Spanish runs ~25 % longer) read on a phone too: the sweep's first state at the
    game's largest player count, its public board and the private images of the seats read in it, read with
    tesseract's Spanish data."""
    largest = player_counts(game)[-1]
    _assert_legible(read_all(list(sweep(game, largest, FIRST, language="es"))))


def test_words_and_share() -> None:
    assert words_of("Aïcha: 12 dirhams, a b3 — x") == ["aïcha", "12", "dirhams", "b3"]
    reading = Reading("g", 2, "public", None, 0, 10, 10, ("a1", "a1", "bob"), ("a1", "BOB".lower(), "zz"))
    assert reading.share == pytest.approx(2 / 3)
    assert reading.lost == ["a1"]
    assert Reading("g", 2, "public", None, 0, 10, 10, (), ()).share == 1.0
