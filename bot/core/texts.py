"""The shared catalog's templates: refusals and events every game can produce, and small words.

The game host refuses with ``Refused(code, **params)`` and engines' base class with the codes in
``engines.base``; their words are here (domain ``bazaar``). A game's own codes are worded in
``bot.games.<game>.words``; a game may also override any code below in its own tables.
"""

from __future__ import annotations

from bot.core.catalog import N_

# ---- small words -----------------------------------------------------------------------------------
AND = N_("and")
ON = N_("on")
OFF = N_("off")
NOBODY = N_("nobody")
PLAYER_N = N_("Player {number}")

# ---- events every game shares ---------------------------------------------------------------------
EVENTS: dict[str, str] = {
    "resigned": N_("{seat} left the game"),
    "removed": N_("{seat} was removed from the game after the turn deadline"),
    "skipped": N_("{seat}'s turn was skipped after the deadline"),
}

# ---- endings every game shares ---------------------------------------------------------------------
TERMINATIONS: dict[str, str] = {
    "resigned": N_("the other players left the game"),
    "abandoned": N_("the game was abandoned"),
}

# ---- refusals: engines' base class ----------------------------------------------------------------
REFUSALS: dict[str, str] = {
    "game_over": N_("The game is over."),
    "not_a_move": N_("{move} is not a legal move now."),
    "bad_player_count": N_("This game is for {min}–{max} players, not {count}."),
    "unknown_option": N_("This game has no option {option}."),
    "option_type": N_("Option {option} takes a {expected}, not {value}."),
    "option_choice": N_("Option {option} must be one of {choices}, not {value}."),
    "no_such_seat": N_("There is no seat {seat}."),
    "already_left": N_("{seat} has already left the game."),
    "no_chance_due": N_("No roll or draw is due now."),
    "no_move": N_("There is no move to make."),
    "no_standing_moves": N_("This game has no standing orders."),
    "unknown_game": N_("There is no game called {text}. Games: {games}."),
    "partial_decision": N_("That is only part of a move: {next} (or take it all in one command)."),
}
