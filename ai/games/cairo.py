"""Kairo's search settings: half the iterations (a playout step lists hundreds of build sites) and short playouts."""

from ai.levels import Profile

PROFILE = Profile(scale=0.5, playout_work=500)
