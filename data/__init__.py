"""Game data shipped with Bazaar: boards, cards, presets and fonts, as plain files.

Code finds these files through this package's directory (``DATA_DIR``), never through
the working directory, so the bot and the tests work from anywhere.
"""

from __future__ import annotations

from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent
"""The directory holding the data files."""
