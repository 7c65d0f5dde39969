"""The words drawn inside Kairo's pictures (``render.cairo``), by id: the table ``bot.core.pictures`` translates.

Discord-free. Colour and sector names come from ``words`` (the same words the messages use); the rest is marked
here. Fields: ``{name}`` a player, ``{colour}`` a colour's name, ``{square}``/``{door}`` squares, numbers.
"""

from __future__ import annotations

from bot.core import texts
from bot.core.catalog import C_, N_, NN_
from bot.core.wording import Template
from bot.games.cairo.words import CARD_LABELS, COLOURS, MEDALS, TITLE

PHASES: dict[str, str] = {
    "queue": N_("Setting up: customers line up at the entrance"),
    "deal": N_("Dealing building cards"),
    "start": N_("Setting up: drawing the start player"),
    "place": N_("{name} places a main stall"),
    "neutral": N_("{name} places the neutral {neutral} stall"),
    "play": N_("{name}: build, attract a customer or take 2 cards"),
    "card": N_("{name} pays with cards for {pending}"),
    "pay": N_("{name} pays {price} in coins for {pending}"),
    "draw": N_("{name} takes a second card"),
    "keep": N_("{name} keeps 4 building cards"),
    "final": N_("{name} builds or passes"),
    "over": N_("Game over"),
}
"""The status line by phase: who decides what."""
PHASE_NAMES: dict[str, str] = {
    "queue": N_("QUEUE"),
    "deal": N_("DEAL"),
    "start": N_("START"),
    "place": N_("PLACE"),
    "neutral": N_("NEUTRAL"),
    "play": N_("PLAY"),
    "card": N_("CARD"),
    "pay": N_("PAY"),
    "draw": N_("DRAW"),
    "keep": N_("KEEP"),
    "final": N_("FINAL"),
    "over": N_("OVER"),
}
"""The phase's name in capitals, at the panel's top right."""
LETTERS: dict[str, str] = {
    # TRANSLATORS: the letter on red pawns, coins, stalls and medals: one capital letter,
    # distinct from the other colours' letters (English R Y G B W P)
    "colour:red": C_("letter of the colour red", "R"),
    # TRANSLATORS: the letter on yellow pawns, coins, stalls and medals: one capital letter,
    # distinct from the other colours' letters
    "colour:yellow": C_("letter of the colour yellow", "Y"),
    # TRANSLATORS: the letter on green pawns, coins, stalls and medals: one capital letter,
    # distinct from the other colours' letters
    "colour:green": C_("letter of the colour green", "G"),
    # TRANSLATORS: the letter on blue pawns, coins, stalls and medals: one capital letter,
    # distinct from the other colours' letters
    "colour:blue": C_("letter of the colour blue", "B"),
    # TRANSLATORS: the letter on white pawns, coins, stalls and medals: one capital letter,
    # distinct from the other colours' letters
    "colour:white": C_("letter of the colour white", "W"),
    # TRANSLATORS: the letter on purple pawns, coins, stalls and medals: one capital letter,
    # distinct from the other colours' letters
    "colour:purple": C_("letter of the colour purple", "P"),
    # TRANSLATORS: the letter on a neutral stall's badge (2-player game), where a seat number would be:
    # one capital letter
    "seat:neutral": C_("letter of a neutral stall", "N"),
}
"""The one-letter marks, by set (``letter:<set>:<item>``): the letters of one set are distinct in every language."""

TABLE: dict[str, Template] = {
    "title": TITLE,
    "player": texts.PLAYER_N,
    "and": texts.AND,
    "to_move": N_("{name} to move"),
    "draws_card": N_("{name} draws a card from the deck"),
    "drawing_neutral": N_("Drawing a neutral stall from the bag"),
    "extension_at": N_("{colour} extension at {square}"),
    "moving_stall": N_("moving the {colour} stall to {square}{door}"),
    "new_stall": N_("new {colour} stall at {square}{door}"),
    "door": N_(" (door {door})"),
    "game_over": N_("Game over"),
    "winners": NN_("Game over — {names} wins!", "Game over — {names} win!"),
    "final_stage": N_("FINAL STAGE — build or pass"),
    "out": N_(" · out: {names}"),
    "pts": N_("pts"),
    "points": N_("{count} pts"),
    "tag:left": N_("LEFT"),
    "tag:passed": N_("PASSED"),
    "stats": N_("charlatans {charlatans} · cards {cards}"),
    "face_up": N_("Face-up building cards"),
    "face_up_short": N_("Face-up cards"),
    "counts": N_("Deck {deck} · Discard {discard} · Charlatans left {charlatans}"),
    "supply": N_("Goods: extensions left · medals · bank"),
    "column:extensions": N_("ext. left"),
    "column:gold": N_("gold"),
    "column:silver": N_("silver"),
    "column:bank": N_("bank"),
    "final_scoring": N_("Final scoring"),
    "column:track": N_("track"),
    "column:medals": N_("medals"),
    "column:coins": N_("coins"),
    "column:total": N_("total"),
    "wild": N_("WILD"),
    "empty": N_("empty"),
    "tavern_zone": N_("TAVERN ZONE"),
    "entrance": N_("ENTRANCE"),
    "waiting": N_("WAITING"),
    "your_hand": N_("Your hand — {name}"),
    "private": N_("private: only you can see this"),
    "building_cards": N_("Building cards ({count})"),
    "no_cards": N_("No building cards: take 2 cards on your turn."),
    "card_note": N_("A card builds in its sector · a WILD card in its zone, for 1 coin · any 3 cards: anywhere"),
    "coins": N_("Coins (value per colour)"),
    "total": N_("total"),
    "points_at_end": N_("(= {count} pts at the end)"),
    "charlatans": N_("Charlatans"),
    "charlatan_cards": NN_(
        "{count} card: it skips the nearest free entrance", "{count} cards: each skips the nearest free entrance"
    ),
    "medals": N_("Medals"),
    "none_yet": N_("none yet"),
    "medal": N_("{metal} · {colour}"),
    "stalls_in_supply": N_("Main stalls in supply"),
    "all_built": N_("all built"),
    **{f"letter:{mark}": text for mark, text in LETTERS.items()},
    **{f"phase:{phase}": text for phase, text in PHASES.items()},
    **{f"phase_name:{phase}": text for phase, text in PHASE_NAMES.items()},
    **{f"colour:{colour}": text for colour, text in COLOURS.items()},
    **{f"sector:{code}": text for code, text in CARD_LABELS.items()},
    **{f"metal:{metal}": text for metal, text in MEDALS.items()},
}
