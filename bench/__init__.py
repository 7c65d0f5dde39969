"""Benchmarks: engine speed, render time and size, end-to-end move latency through the fake Discord."""

import os

os.environ.setdefault("BAZAAR_COOLDOWN_RATE", "0")
"""The benchmarks' players send far more than a person could: the per-user cooldown is off for them (their bot
processes inherit this) unless the environment sets it."""
