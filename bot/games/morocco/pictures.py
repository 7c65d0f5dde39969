"""The words drawn inside Morocco's pictures (``render.morocco``), by id: the table ``bot.core.pictures`` translates.

Discord-free. Cube colour names come from ``words`` (the same words the messages use); the rest is marked here.
Fields: ``{name}`` a player, ``{count}``/``{turn}`` numbers, ``{stall}``/``{target}`` stall names (coordinates).
"""

from __future__ import annotations

from bot.core import texts
from bot.core.catalog import C_, N_, NN_
from bot.core.wording import Template
from bot.games.morocco.words import COLOURS, TITLE

STEPS: dict[str, str] = {
    "scout": N_("move the rooftop pawn"),
    "wild": N_("choose a cube for the wild die face"),
    "reward": N_("take a gold coin or a bodyguard"),
    "arrow": N_("point the new tile's arrow"),
    "tourist": N_("move a tourist"),
    "keep": N_("keep one cube for the next round"),
}
"""What the player to move decides, after their name in the status line."""
CHANCE: dict[str, str] = {
    "deal_juice": N_("Dealing the juice tokens…"),
    "deal_rows": N_("Dealing the row cubes…"),
    "deal_columns": N_("Dealing the column cubes…"),
    "deal_roof": N_("Dealing the rooftop cubes…"),
    "deal_start": N_("Drawing the start player…"),
    "roll": N_("Rolling the market die…"),
}
"""What chance does now, by phase."""
ENDINGS: dict[str, str] = {
    "market_closed": N_("The final round is over."),
    "last_stall": N_("The last stall has closed."),
    "market_stuck": N_("No worker is left to place."),
    "resigned": N_("The other players left."),
}
"""Why the game ended, before who won."""
WORKERS: dict[str, str] = {
    "assistant": N_("assistant"),
    "tourist": N_("tourist"),
    "bodyguard": N_("bodyguard, counts 2"),
}
"""The legend's words for each worker's shape."""

LETTERS: dict[str, str] = {
    # TRANSLATORS: the letter on orange cubes and on the market die's orange face: one capital letter,
    # distinct from the other cube colours' letters (English O K P G B)
    "cube:orange": C_("letter of the cube colour orange", "O"),
    # TRANSLATORS: the letter on black cubes and on the market die's black face: one capital letter,
    # distinct from the other cube colours' letters
    "cube:black": C_("letter of the cube colour black", "K"),
    # TRANSLATORS: the letter on purple cubes and on the market die's purple face: one capital letter,
    # distinct from the other cube colours' letters
    "cube:purple": C_("letter of the cube colour purple", "P"),
    # TRANSLATORS: the letter on green cubes and on the market die's green face: one capital letter,
    # distinct from the other cube colours' letters
    "cube:green": C_("letter of the cube colour green", "G"),
    # TRANSLATORS: the letter on brown cubes and on the market die's brown face: one capital letter,
    # distinct from the other cube colours' letters
    "cube:brown": C_("letter of the cube colour brown", "B"),
}
"""The one-letter marks, by set (``letter:<set>:<item>``): the letters of one set are distinct in every language."""

TABLE: dict[str, Template] = {
    "title": TITLE,
    "player": texts.PLAYER_N,
    "and": texts.AND,
    "round": N_("{title} · round {count}"),
    "setting_up": N_("{title} · setting up"),
    "final_round": N_("final round"),
    "game_over": N_("Game over."),
    "winners": NN_("{names} wins.", "{names} win."),
    "no_worker_fits": N_("{name}: no worker fits: swap with gold or pass"),
    "place_worker": N_("{name}: place a worker (turn {turn} of 2)"),
    "step": N_("{name}: {what}"),
    "at_stall": N_("{what} ({stall})"),
    "tourist_move": N_("{what} from {stall} to {target}"),
    "market_die": N_("market die: {face}"),
    "not_rolled": N_("not rolled"),
    "stalls_open": N_("stalls open: {count}"),
    "gold_supply": N_("gold in supply: {count}"),
    "empty_tiles": N_("empty-stall tiles: {count}"),
    "juice_gone": N_("juice tokens gone: {count}"),
    "fullness_key": N_("workers + arrows pointing in; a stall is full at 4"),
    "final": N_("track {track} + juice {juice} + gold {gold} + district {district}"),
    "stalls": NN_("{count} stall", "{count} stalls"),
    "left": N_("{name} (left)"),
    "no_cubes": N_("no cubes"),
    "gold": N_("gold {count}"),
    "cousins": N_("cousins {count}"),
    **{f"step:{code}": text for code, text in STEPS.items()},
    **{f"chance:{phase}": text for phase, text in CHANCE.items()},
    **{f"end:{code}": text for code, text in ENDINGS.items()},
    **{f"worker:{kind}": text for kind, text in WORKERS.items()},
    **{f"colour:{colour}": text for colour, text in COLOURS.items()},
    **{f"letter:{mark}": text for mark, text in LETTERS.items()},
}
