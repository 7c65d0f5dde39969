"""The words drawn inside Marrakech's pictures (``render.marrakech``), by id: the table ``bot.core.pictures``
translates.

Discord-free. Colour names come from ``words`` (the same words the messages use); the rest is marked here.
Fields: ``{name}``/``{payer}``/``{payee}`` players, ``{count}`` numbers, ``{squares}`` square names.
"""

from __future__ import annotations

from bot.core import texts
from bot.core.catalog import N_, NN_
from bot.core.wording import Template
from bot.games.marrakech.words import COLOURS, TITLE

TERMINATIONS: dict[str, str] = {
    "all_carpets_laid": N_("The last carpet has been laid."),
    "last_merchant": N_("Only one merchant is still in the market."),
    "resigned": N_("The other players left the game."),
    "abandoned": N_("The game was abandoned."),
}
"""Why the game ended, under the result."""

TABLE: dict[str, Template] = {
    "title": TITLE,
    "variant": N_("{title} · variant"),
    "player": texts.PLAYER_N,
    "and": texts.AND,
    "game_over": N_("Game over"),
    "rolling": N_("Rolling the die…"),
    "drawing": N_("Drawing the next carpet…"),
    "waiting": N_("Waiting for chance…"),
    "to_orient": N_("{name} to turn Assam"),
    "to_place": N_("{name} to place a carpet"),
    "to_play": N_("{name} to play"),
    "to_orient_next": N_("{name} to turn Assam for the next merchant"),
    "no_tribute": N_("No tribute to pay."),
    "paid": NN_("{payer} paid {payee} {count} dirham.", "{payer} paid {payee} {count} dirhams."),
    "won": N_("Game over: {name} wins!"),
    "shared_win": N_("Game over: shared win for {names}"),
    "no_winner": N_("Game over: no winner"),
    "tag:winner": N_("WINNER"),
    "tag:out": N_("OUT"),
    "tag:to_play": N_("TO PLAY"),
    "figure:dirhams": N_("dirhams"),
    "figure:left": N_("to place"),
    "figure:visible": N_("visible"),
    "figure:dirhams_plus": N_("dirhams +"),
    "figure:visible_equals": N_("visible ="),
    "figure:points": N_("points"),
    "carpet_to_place": N_("Carpet to place: {colour}"),
    "rolled": N_("{name} rolled {count}"),
    "carpet_on": N_("Carpet on {squares}"),
    "eliminated": N_("{name} could not pay: out!"),
    "carpet_out": N_("out"),
    "colour_n": N_("colour {number}"),
    **{f"colour:{colour}": text for colour, text in COLOURS.items()},
    **{f"end:{code}": text for code, text in TERMINATIONS.items()},
}
