"""Drafts: the steps of a decision a player has chosen so far, held privately until the decision is whole.

Some decisions take several moves of one player (a Kairo build and the cards that pay for it; a Jambo
card and each ware it returns). The host applies a decision only whole (``Engine.partial``). So when
a command names only its first steps, the bot keeps them as the player's **draft** — privately, never
on the table — and answers with buttons (or a menu) for the next step and a **Cancel** button; each
click adds a step, and the last one commits the whole decision in one transaction. A draft belongs to
the game version it was started at: once the game moves on it is void (a change of standing orders alone is not
a move: the draft stays).

The same buttons offer a player their next decision when it is private (the card drawn: keep or
discard; the reaction to an animal): a draft of no steps yet.

Drafts live in the process that received the command (a server's interactions always reach the same
process); after a restart a draft is gone and its buttons offer the decision from its first step
again — nothing on the table was ever changed by a draft. The buttons are in ``bot.ui.moves``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import discord

from bot.core.catalog import N_
from bot.core.played import Played
from bot.core.records import GameRecord
from bot.core.wording import say_for

DRAFT_TTL = 6 * 3600.0
SO_FAR = N_("So far: {steps}.")
NEXT = N_("Next: {decision}.")


@dataclass
class Draft:
    """The steps a player has chosen so far, at one game version."""

    game_id: int
    user_id: int
    version: int
    moves: list[str] = field(default_factory=list)
    at: float = field(default_factory=time.monotonic)


class Drafts:
    """The drafts of this process, one per game and player."""

    def __init__(self) -> None:
        self._drafts: dict[tuple[int, int], Draft] = {}

    def get(self, game_id: int, user_id: int, game: GameRecord) -> Draft | None:
        """The user's draft, if ``game`` (as it stands) is still the game it was started at: nothing but standing
        orders changed since (``GameRecord.shows``)."""
        draft = self._drafts.get((game_id, user_id))
        if draft is None or not game.shows(draft.version) or time.monotonic() - draft.at > DRAFT_TTL:
            return None
        return draft

    def put(self, draft: Draft) -> None:
        self._drafts[(draft.game_id, draft.user_id)] = draft

    def drop(self, game_id: int, user_id: int) -> None:
        self._drafts.pop((game_id, user_id), None)


def drafts_of(interaction: discord.Interaction) -> Drafts:
    """The drafts of the bot behind ``interaction``."""
    drafts: Drafts = interaction.client.drafts  # type: ignore[attr-defined]
    return drafts


def next_moves(played: Played, moves: list[str]) -> list[str]:
    """The legal moves once ``moves`` are applied (in memory: nothing is stored)."""
    assert played.state is not None
    state = played.state
    for move in moves:
        state = played.engine.apply(state, move)
    return played.engine.legal_moves(state)


def draft_text(played: Played, moves: list[str]) -> str:
    """What the draft holds and what the player decides next."""
    say = say_for(played.game.game, tuple(played.names))
    engine, state = played.engine, played.state
    assert state is not None
    steps = []
    for move in moves:  # each step worded as its button read: in the reader's words, from the view it was chosen in
        move = engine.canonical(state, move)  # a typed step ("Play Portuguese") as the engine spells it
        steps.append(say.label(move, engine.view(state, engine.to_move(state))))
        state = engine.apply(state, move)
    seat = engine.to_move(state)
    view = engine.view(state, seat)
    lines = []
    if steps:
        lines.append(say.fill(SO_FAR, {"steps": "; ".join(steps)}))
    if view.decision is not None:
        lines.append(say.fill(NEXT, {"decision": say.decision(view.decision)}))
    return "\n".join(lines)
