"""A decision's next step with many choices (Kairo's payment: up to 160 ways to pay) is offered as menus."""

from __future__ import annotations

import random

import discord

import engines
from bot.core.played import Played
from bot.core.records import GameRecord, SeatRecord
from bot.ui.moves import draft_view
from bot.ui.services import GameUI
from engines.base import CHANCE


def payment_step(least: int) -> Played:
    """A Kairo game in the middle of a decision whose next step has at least ``least`` choices."""
    engine = engines.get("cairo")
    for seed in range(200):
        rng = random.Random(seed)
        state = engine.new_game(3)
        for _ in range(3000):
            seat = engine.to_move(state)
            if seat is None:
                break
            if seat == CHANCE:
                odds = engine.chance_odds(state)
                state = engine.apply(state, rng.choices([m for m, _ in odds], [p for _, p in odds])[0])
                continue
            moves = engine.legal_moves(state)
            if engine.partial(state) and len(moves) >= least:
                record = GameRecord(1, 1, 1, None, "cairo", {}, "active", 1, 0.0, 0.0, 7, None, None, None)
                seats = [SeatRecord(1, 100 + n, name, n, 0.0) for n, name in enumerate(("Ana", "Ben", "Cy"))]
                return Played(record, seats, state)
            state = engine.apply(state, rng.choice(moves))
    raise AssertionError("no such step found")


def menus(view: discord.ui.View) -> list[discord.ui.Select]:
    found = []
    for child in view.children:
        item = getattr(child, "item", child)
        if isinstance(item, discord.ui.Select):
            found.append(item)
    return found


async def test_more_choices_than_buttons_come_as_menus_within_discords_limits() -> None:
    played = payment_step(26)
    options = played.engine.legal_moves(played.state)
    view, hint = draft_view(played, [], GameUI())
    assert hint == "", "no 'too many choices: type the notation'"
    shown = menus(view)
    assert shown and all(len(menu.options) <= 25 for menu in shown) and len(view.children) <= 25
    assert all(len(o.label) <= 100 and len(o.value) <= 100 for menu in shown for o in menu.options)
    assert len({menu.custom_id for menu in shown}) == len(shown)
    offered = [o.value for menu in shown for o in menu.options]
    assert offered == options[: len(offered)], "every choice, in order"
    assert len(shown) <= 4, "four menus and a row of buttons fit in a message"


async def test_choices_beyond_one_page_are_reached_with_a_page_button() -> None:
    played = payment_step(101)
    options = played.engine.legal_moves(played.state)
    seen: list[str] = []
    page = 0
    while True:
        view, hint = draft_view(played, [], GameUI(), page=page)
        assert hint == ""
        seen += [o.value for menu in menus(view) for o in menu.options]
        labels = [getattr(getattr(c, "item", c), "label", "") for c in view.children]
        if not any(label and label.startswith("More choices") for label in labels):
            break
        page += 1
    assert seen == options
