"""Marrakech's search settings: playouts of 8 player moves (two or so rounds of orient, roll and place)."""

from ai.levels import Profile

PROFILE = Profile(playout=8)
