"""How Kairo reads: the words for every event, refusal, decision and ending its engine produces.

Discord-free. Parameters come from ``engines.cairo`` (its docstring lists the codes):
colours are colour names ("red"), squares square names ("e5"), cards card names ("NW", "west"),
``owner`` a seat or "neutral", ``payment`` the cards paying for a build, ``coins`` value per colour.
Sentences join with "; " into one line per turn: "Ana builds a red main stall at e5, entrance e6,
paying with the Centre card (C)"; "Ana sends the red customer to Bo's red stall at e3; Ana earns
1 red; Bo earns 2 red; the purple customer takes its place".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.core import texts
from bot.core.catalog import N_
from bot.core.text import and_list
from bot.core.wording import GameWords, Say, SpecialWording
from engines.base import View

COLOURS = {
    "red": N_("red"),
    "yellow": N_("yellow"),
    "green": N_("green"),
    "blue": N_("blue"),
    "white": N_("white"),
    "purple": N_("purple"),
}
CARD_LABELS = {
    "NW": N_("North-west"),
    "N": N_("North"),
    "NE": N_("North-east"),
    "W": N_("West"),
    "C": N_("Centre"),
    "E": N_("East"),
    "SW": N_("South-west"),
    "S": N_("South"),
    "SE": N_("South-east"),
    "north": N_("North row"),
    "middle": N_("Middle row"),
    "south": N_("South row"),
    "west": N_("West column"),
    "centre": N_("Centre column"),
    "east": N_("East column"),
}
STANDARD_CARD = N_("the {label} card ({card})")
WILDCARD = N_("the {label} wildcard")
PARTS = {"main": N_("main stall"), "extension": N_("extension")}
MEDALS = {"gold": N_("gold"), "silver": N_("silver")}
OR = N_("or")

TITLE = N_("Kairo")
"""The game's title as players read it (the engine's ``title`` is its English identifier)."""
OPTION_NAMES = {"start": N_("start")}
OPTION_VALUES = {"variable": N_("variable"), "preset": N_("preset")}

# ---- events ------------------------------------------------------------------------------------
EVENTS = {
    "customers_queued": N_("the customers line up from q1 to q5: {queue}; the {waiting} customer waits on its tray"),
    "display_dealt": N_("{card} is laid out face up (slot {slot})"),
    "deck_reshuffled": N_("the discard pile ({count} cards) is shuffled into a new deck"),
    "start_player": N_("{seat} is the start player"),
    "preset_layout": N_("the starting stalls stand in their preset places"),
    "neutral_drawn": N_("the neutral {colour} stall is drawn from the bag, for {seat} to place"),
    "stall_placed": N_("{seat} places a {colour} main stall at {square}, entrance {door}"),
    "neutral_placed": N_("{seat} places the neutral {colour} stall at {square}, entrance {door}"),
    "placement_skipped": N_("{seat} has nowhere to place a stall and skips"),
    "neutral_skipped": N_("{seat} has nowhere to place the neutral {colour} stall, which stays out"),
    "stall_built": N_("{seat} builds a {colour} main stall at {square}, entrance {door}, paying with {payment}"),
    "stall_moved": N_(
        "{seat} moves the {colour} main stall from {from_square} to {square}, entrance {door}, paying with {payment}"
    ),
    "stall_extended": N_(
        "{seat} extends the {colour} stall to {square}, paying with {payment} plus {coins}, and scores {size} points"
    ),
    "final_stage_no_extensions": N_("the {colour} extensions have run out: the final stage begins (only building)"),
    "final_stage_low_extensions": N_(
        "only one {colours} extension is left of each: the final stage begins (only building)"
    ),
    "final_stage_quiet_market": N_(
        "nobody has built for {rounds} rounds: the final stage begins (only building, or pass)"
    ),
    "coins_earned": N_("{seat} earns {value} {colour}"),
    "bank_short": N_("{seat} earns only {value} {colour} of {due}: the bank has no more"),
    "nobody_paid": N_("nobody is paid: {owner_seat} has left the game"),
    "customer_replaced": N_("the {colour} customer takes its place"),
    "card_taken": N_("{seat} takes {card} from the display"),
    "charlatan_taken": N_("{seat} takes a charlatan card"),
    "cards_kept": N_("{seat} keeps {cards} and discards {discarded}"),
    "passed": N_("{seat} stops building and is out of the final stage"),
    "build_cancelled": N_("{seat}'s unfinished {colour} build at {square} is cancelled"),
}
DEALT = N_("{seat} is dealt {card}")
DEALT_HIDDEN = N_("{seat} is dealt a building card")
DREW = N_("{seat} draws {card} from the deck")
DREW_HIDDEN = N_("{seat} draws a card from the deck")
DISCARDED_ONE = N_("{seat} discards 1 building card down to the hand limit")
DISCARDED_MANY = N_("{seat} discards {count} building cards down to the hand limit")
MEDAL_TAKEN = N_("{seat} takes the {medals} {colour} medal (+{points} points)")
MEDALS_TAKEN = N_("{seat} takes the {medals} {colour} medals (+{points} points)")
MEDAL_TAKEN_FROM = N_("{seat} takes the {medals} {colour} medal from {from_seats} (+{points} points)")
MEDALS_TAKEN_FROM = N_("{seat} takes the {medals} {colour} medals from {from_seats} (+{points} points)")
SENT = N_("{seat} sends the {colour} customer to {whose} {colour} stall at {door}")
SENT_PAST_ONE = N_("{seat} sends the {colour} customer, with 1 charlatan, to {whose} {colour} stall at {door}")
SENT_PAST_MANY = N_(
    "{seat} sends the {colour} customer, with {charlatans} charlatans, to {whose} {colour} stall at {door}"
)
THEIR_OWN = N_("their own")
YOUR = N_("your")
THE_NEUTRAL = N_("the neutral")
OWNERS = N_("{seat}'s")
PAY_CARD = N_("{card}")
PAY_WILD = N_("{card} and 1 {coin} coin")
PAY_THREE = N_("three cards ({cards})")
COINS = N_("{value} {colour}")

# ---- refusals --------------------------------------------------------------------------------------
FORMS = {
    "place": "`place red e5 door e6`",
    "build": "`build red e5 door e6`",
    "extend": "`extend red f5`",
    "move": "`move red to g7 door g8`",
    "card": "`card NW`",
    "wild": "`wild west coin blue`",
    "cards": "`cards NW N west`",
    "pay": "`pay red:2 blue:2`",
    "attract": "`attract red to f6`",
    "take": N_("`take display 2`, `take deck` or `take charlatan`"),
    "keep": "`keep NW N C west`",
    "pass": "`pass`",
    "queue": "`queue red yellow green blue white purple`",
    "deal": "`deal NW`",
    "start": "`start 2`",
    "neutral": "`neutral red`",
}
BAD_FORM = N_("{move} is not a move I can read: write it like {form}.")
NOT_FREE = {
    "stall": N_("{square} is not free: {whose} {colour} main stall stands there."),
    "extension": N_("{square} is not free: {whose} {colour} extension stands there."),
    "entrance": N_("{square} is not free: it is the entrance of {whose} {colour} stall."),
    "customer": N_("{square} is not free: the {colour} customer stands there."),
    "queue": N_("{square} is a queue square: nothing is ever built there."),
}
ENTRANCE_NOT_FREE = {
    "stall": N_("The entrance square {square} is not free: {whose} {colour} main stall stands there."),
    "extension": N_("The entrance square {square} is not free: {whose} {colour} extension stands there."),
    "entrance": N_("The entrance square {square} is not free: it is the entrance of {whose} {colour} stall."),
    "customer": N_("The entrance square {square} is not free: the {colour} customer stands there."),
    "queue": N_("The entrance square {square} is a queue square: a stall is entered from the souk."),
}
NEEDS_ONE_CHARLATAN = N_("A free {colour} entrance is nearer than {door}: you need 1 charlatan and have none.")
NEEDS_CHARLATANS = N_(
    "{count} free {colour} entrances are nearer than {door}: you need {count} charlatans and have {have}."
)
TOUCHES = N_("A main stall may not touch another stall: {square} touches {whose} {colour} {part} at {other}.")
JOINS = N_("An extension may not join two {colour} stalls: {square} also touches {whose} {colour} stall at {other}.")
REFUSALS = {
    "empty_move": N_("Type a move, for example `build red e5 door e6`, `attract red to f6` or `take deck`."),
    "unknown_move": N_(
        "{move} is not a Kairo move: moves start with place, build, extend, move, card, wild, cards, pay,"
        " attract, take, keep or pass."
    ),
    "chance_due": N_("Chance moves now (a card is dealt, or the customers or the start player are drawn): wait."),
    "chance_word": N_("{move} is made by the bot (cards dealt, customers and start player drawn), never by a player."),
    "no_colour": N_("There is no colour {text}: the colours are {colours}."),
    "no_square": N_("There is no square {text}: squares run from a1 to n13, and q1–q5 in the queue."),
    "no_card": N_(
        "There is no card {text}: the cards are NW N NE W C E SW S SE and north middle south west centre east."
    ),
    "cards_not_held": N_("You do not hold {cards} (or not that many)."),
    "pay_cards_first": N_(
        "First pay for {goal} with building cards: `card NW`, `wild west coin blue` or `cards NW N west`."
    ),
    "pay_coins_first": N_("First pay the coins for {goal}: `pay {colour_code}:{price}` or other colours 2 for 1."),
    "second_pick_first": N_(
        "You are drawing cards: take your second one (`take display 2`, `take deck` or `take charlatan`)."
    ),
    "keep_first": N_("You hold more than {limit} building cards: first choose the {limit} to keep (`keep …`)."),
    "place_first": N_("At the start each merchant places a main stall in turn, without cards: `place red e5 door e6`."),
    "place_only_at_start": N_("Stalls are placed without cards only at the start: now build them (`build …`)."),
    "choose_build_first": N_("Choose what to build first (`build`, `extend` or `move`); the cards and coins follow."),
    "final_stage_only_build": N_("In the final stage only building is allowed (or `pass`, to stop building for good)."),
    "pass_only_in_final": N_("You may pass only in the final stage."),
    "keep_not_due": N_("You choose cards to keep only after a draw leaves you more than {limit} building cards."),
    "card_not_in_deck": N_("That card is not in the pile being dealt from: {card}."),
    "not_in_bag": N_("The neutral {colour} stall is not in the bag any more."),
    "neutral_is": N_("The neutral stall to place is the {colour} one."),
    "stall_on_board": N_(
        "Your {colour} main stall is already on the board (at {square}): you have one of each colour."
    ),
    "must_place": N_("You can still place a main stall, so you may not skip."),
    "no_stall_to_extend": N_("You have no {colour} stall on the board to extend."),
    "no_extensions_left": N_("There are no {colour} extensions left."),
    "no_stall_to_move": N_("You have no {colour} main stall on the board to move."),
    "stall_extended": N_("Your {colour} stall at {square} has been extended, so it may no longer be moved."),
    "stall_extendable": N_(
        "Your {colour} stall at {square} can still be extended (at {site}), so it may not be moved."
    ),
    "must_change_place": N_(
        "A moved stall must change its square or its entrance: it stands at {square}, entrance {door}."
    ),
    "no_card_for_square": N_(
        "You have no card to build at {square} (sector {sector}): you need the {sector} card, a {zones} wildcard"
        " and a coin, or any {count} building cards."
    ),
    "needs_colour_coin": N_("An extension must be paid with at least 1 {colour} coin, and you have none."),
    "cannot_afford": N_(
        "The extension costs {price} ({colour} coins count 1, other colours {rate} for 1), and you have {worth}."
    ),
    "needs_colour_coin_after_wild": N_(
        "After the wildcard's coin you would have no {colour} coin, and an extension needs at least 1."
    ),
    "cannot_afford_after_wild": N_(
        "After the wildcard's coin you would have {worth} to pay {price} for the extension ({colour} coins count 1,"
        " other colours {rate} for 1)."
    ),
    "card_not_held": N_("You do not hold {card}."),
    "wild_needs_coin": N_("A wildcard is played with a coin of any colour: `wild {zone} coin blue`."),
    "card_wrong_sector": N_(
        "You cannot build at {square} (sector {sector}) with {card}: a standard card builds only in its own sector."
    ),
    "not_wild": N_("You named {card} as a wildcard, but it is a standard card: play it with `card …`."),
    "wild_wrong_zone": N_(
        "You cannot build at {square} (sector {sector}) with {card}: its zone does not hold that sector."
    ),
    "no_coin_for_wild": N_("A wildcard costs {cost} coin of any colour, and you have no {coin} coin."),
    "three_cards": N_("Building anywhere takes exactly {count} building cards, not {given}."),
    "single_card_suffices": N_(
        "You can pay for {square} with a single card, and {count} cards may be played only by a merchant without one."
    ),
    "not_enough_coins": N_("You have only {have} {colour} coin value, not {value}."),
    "pay_needs_colour_coin": N_("An extension must be paid with at least 1 {colour} coin."),
    "wrong_price": N_("The extension costs exactly {price}: {colour} coins count 1, other colours {rate} for 1."),
    "customer_waiting": N_("The {colour} customer is waiting on its tray; only the 5 customers in the souk can move."),
    "no_reachable_entrance": N_("No free {colour} entrance can be reached by the {colour} customer."),
    "not_an_entrance": N_("{door} is not the entrance of a {colour} stall."),
    "entrance_occupied": N_("The entrance at {door} is taken: the {customer} customer stands there."),
    "entrance_unreachable": N_("The {colour} customer cannot reach the entrance at {door}."),
    "no_display_slot": N_("The display has slots 1 to {slots}, not {slot}."),
    "display_slot_empty": N_("Display slot {slot} is empty until the end of the turn."),
    "deck_empty": N_("The deck and the discard pile are both empty."),
    "no_charlatans_left": N_("There are no charlatan cards left in the supply."),
    "keep_count": N_("Keep exactly {limit} building cards, not {given}."),
    "queue_square": N_("{square} is a queue square: nothing is ever built there."),
    "tavern_colour_only": N_("A {colour} {part} stands only in the tavern zone, and {square} is in the souk."),
    "souk_only": N_("Only {tavern_colour} stalls stand in the tavern zone: a {colour} {part} goes in the souk."),
    "sector_has_colour": N_(
        "Sector {sector} already has a {colour} main stall (at {square}): one of each colour per sector."
    ),
    "sector_full_at_start": N_("At the start a sector holds at most {limit} main stalls, and {sector} has {limit}."),
    "entrance_not_next_to_stall": N_("The entrance must be next to the stall, and {door} is not next to {square}."),
    "entrance_not_in_souk": N_(
        "The entrance must be in the souk (a stall is entered from the souk), and {door} is not."
    ),
    "cuts_off_entrance": N_(
        "A stall at {square} with its entrance at {door} would cut an entrance off from a customer:"
        " every entrance must stay reachable."
    ),
    "extension_not_touching": N_("An extension must touch your own {colour} stall, and {square} does not."),
    "extension_cuts_off": N_("An extension at {square} would cut an entrance off from a customer."),
}

# ---- decisions, endings, options ----------------------------------------------------------------------
GOAL_BUILD = N_("the new {colour} main stall at {square}, entrance {door}")
GOAL_MOVE = N_("moving the {colour} main stall to {square}, entrance {door}")
GOAL_EXTEND = N_("the {colour} extension at {square} (price {price})")
DECISIONS = {
    "place": N_(
        "place one of your main stalls ({colours}) with its entrance, no card needed (`/cairo place`;"
        " `/cairo pass` only if no square is left)"
    ),
    "place_neutral": N_("place the neutral {colour} stall drawn from the bag (`/cairo place`)"),
    "play": N_(
        "build a new stall (`/cairo build`), extend one (`/cairo extend`) or move one (`/cairo move`), send a customer"
        " to a stall (`/cairo attract`), or draw 2 cards (`/cairo draw`); `/cairo hand` shows your cards and coins"
    ),
    "final": N_(
        "final stage: build (`/cairo build`), extend (`/cairo extend`) or move (`/cairo move`), or stop building for"
        " good (`/cairo pass`)"
    ),
    "pay_cards": N_("pay for {goal} with building cards (`card …`, `wild … coin …` or `cards …`)"),
    "pay_coins": N_("pay the coins for {goal}: `pay …`, {colour} coins count 1, other colours 2 for 1"),
    "second_pick": N_("take your second card: choose it below or with `/cairo draw`"),
    "keep": N_("you hold {count} building cards: choose the {limit} to keep (`/cairo keep`)"),
}
TERMINATIONS = {"all_passed": N_("every merchant has finished building")}
OPTIONS = {"start": N_("variable: place your first 3 main stalls in turn; preset: a fixed fair layout")}

# ---- button labels -----------------------------------------------------------------------------------
LABELS = {
    "take deck": N_("Draw from the deck"),
    "take charlatan": N_("Take a charlatan"),
    "pass": N_("Stop building (pass)"),
}
TAKE_FACE_UP = N_("Take {label} (face-up {slot})")
TAKE_WILD_FACE_UP = N_("Take the {label} wildcard (face-up {slot})")
TAKE_SLOT = N_("Take face-up card {slot} (from the left)")
PLACE_LABEL = N_("{Colour} main stall on {square}, entrance {door}")
BUILD_LABEL = N_("Build a {colour} main stall on {square}, entrance {door}")
MOVE_LABEL = N_("Move the {colour} main stall to {square}, entrance {door}")
EXTEND_LABEL = N_("Extend the {colour} stall to {square}")
ATTRACT_LABEL = N_("{Colour} customer to {square}")
PAY_LABEL = N_("Pay with {payment}")
COINS_LABEL = N_("Pay {coins}")
KEEP_LABEL = N_("Keep {cards}")


# ---- values --------------------------------------------------------------------------------------------
def card_mark(card: str, say: Say) -> str:
    """A card in a list of cards: a standard card by its code ("NW"), a wildcard by its label ("West column",
    "Columna oeste"): its code is an English word ("west") that would read as one in any language."""
    return say._(CARD_LABELS.get(card, card)) if card.islower() else card


def card_words(card: str, say: Say) -> str:
    """``the North-west card (NW)``, ``the West column wildcard``."""
    label = say._(CARD_LABELS.get(card, card))
    if card.islower():
        return say._(WILDCARD).format(label=label)
    return say._(STANDARD_CARD).format(label=label, card=card)


def payment_words(payment: Mapping[str, Any], say: Say) -> str:
    """The cards paying for a build: one card, a wildcard and its coin, or three cards."""
    if "cards" in payment:
        marks = [card_mark(str(card), say) for card in payment["cards"]]
        return say._(PAY_THREE).format(cards=and_list(marks, say._(texts.AND)))
    card = card_words(str(payment.get("card", "")), say)
    if "coin" in payment:
        return say._(PAY_WILD).format(card=card, coin=colour_words(str(payment["coin"]), say))
    return say._(PAY_CARD).format(card=card)


def coins_words(coins: Mapping[str, int], say: Say) -> str:
    """``2 red and 1 blue``."""
    parts = [say._(COINS).format(value=value, colour=colour_words(colour, say)) for colour, value in coins.items()]
    return and_list(parts, say._(texts.AND))


def colour_words(colour: str, say: Say) -> str:
    return say._(COLOURS.get(colour, colour))


def value(key: str, raw: Any, say: Say) -> str | None:
    """Kairo's own parameters in words (None: the shared rules word it)."""
    if key in ("colour", "customer", "waiting", "coin", "tavern_colour"):
        return colour_words(str(raw), say)
    if key == "card":
        return card_words(str(raw), say)
    if key in ("cards", "discarded"):
        return ", ".join(card_mark(str(card), say) for card in raw)
    if key == "queue":
        return ", ".join(colour_words(str(colour), say) for colour in raw)
    if key == "payment":
        return payment_words(raw or {}, say)
    if key == "coins":
        return coins_words(raw or {}, say)
    if key == "part":
        return say._(PARTS.get(str(raw), str(raw)))
    if key == "medals":
        return and_list([say._(MEDALS.get(medal, medal)) for medal in raw], say._(texts.AND))
    if key == "zones":
        return f" {say._(OR)} ".join(str(zone) for zone in raw)
    if key == "owner":
        return whose_words(raw, None, say)
    return None


def whose_words(owner: Any, seat: Any, say: Say, own: str = YOUR) -> str:
    """``Bo's``, ``the neutral``, or ``your`` (``own``) when the owner is the player asking."""
    if owner == "neutral":
        return say._(THE_NEUTRAL)
    if owner == seat:
        return say._(own)
    return say._(OWNERS).format(seat=say.name(owner))


# ---- codes a template cannot express ---------------------------------------------------------------
def _with_whose(template: str, own: str = YOUR) -> SpecialWording:
    def word(params: Mapping[str, Any], say: Say) -> str:
        rest = {k: v for k, v in params.items() if k != "owner"}
        return say.fill(template, {**rest, "whose": whose_words(params.get("owner"), params.get("seat"), say, own)})

    return word


def _not_free(table: Mapping[str, str]) -> SpecialWording:
    def word(params: Mapping[str, Any], say: Say) -> str:
        template = table.get(str(params.get("what")), table["customer"])
        rest = {k: v for k, v in params.items() if k not in ("owner", "what")}
        return say.fill(template, {**rest, "whose": whose_words(params.get("owner"), params.get("seat"), say)})

    return word


def _hidden_or_named(named: str, hidden: str) -> SpecialWording:
    def word(params: Mapping[str, Any], say: Say) -> str:
        return say.fill(named if "card" in params else hidden, params)

    return word


def _discarded(params: Mapping[str, Any], say: Say) -> str:
    return say.fill(DISCARDED_ONE if params.get("count") == 1 else DISCARDED_MANY, params)


def _medals(params: Mapping[str, Any], say: Say) -> str:
    one = len(params.get("medals") or []) == 1
    if params.get("from_seats"):
        return say.fill(MEDAL_TAKEN_FROM if one else MEDALS_TAKEN_FROM, params)
    return say.fill(MEDAL_TAKEN if one else MEDALS_TAKEN, params)


def _sent(params: Mapping[str, Any], say: Say) -> str:
    count = params.get("charlatans") or 0
    template = SENT if not count else SENT_PAST_ONE if count == 1 else SENT_PAST_MANY
    return _with_whose(template, THEIR_OWN)(params, say)


def _needs_charlatans(params: Mapping[str, Any], say: Say) -> str:
    return say.fill(NEEDS_ONE_CHARLATAN if params.get("count") == 1 else NEEDS_CHARLATANS, params)


def goal_words(params: Mapping[str, Any], say: Say) -> str:
    """The build being paid for: ``the new red main stall at e5, entrance e6`` ..."""
    action = params.get("action")
    template = GOAL_EXTEND if action == "extend" else GOAL_MOVE if action == "move" else GOAL_BUILD
    return say.fill(template, {k: v for k, v in params.items() if k in ("colour", "square", "door", "price")})


def _with_goal(template: str) -> SpecialWording:
    def word(params: Mapping[str, Any], say: Say) -> str:
        worded = {key: say.value(key, raw) for key, raw in params.items()}
        worded["goal"] = goal_words(params, say)
        worded["colour_code"] = str(params.get("colour", ""))  # the notation's colour, untranslated
        return say._(template).format_map(worded)

    return word


def _bad_form(params: Mapping[str, Any], say: Say) -> str:
    form = FORMS.get(str(params.get("word")), "`build red e5 door e6`")
    return say._(BAD_FORM).format(move=say.value("move", params.get("move", "")), form=say._(form))


def label(move: str, view: View, say: Say) -> str:
    """A button's words for a move of the public draw phase, naming the face-up card."""
    if move in LABELS:
        return say._(LABELS[move])
    if move.startswith("take display "):
        slot = int(move.rsplit(" ", 1)[1])
        display = view.details.get("display") or []
        card = display[slot - 1] if 0 < slot <= len(display) else None
        if card is None:
            return say._(TAKE_SLOT).format(slot=slot)
        text = say._(CARD_LABELS.get(card, card))
        return say._(TAKE_WILD_FACE_UP if card.islower() else TAKE_FACE_UP).format(label=text, slot=slot)
    worded = _step_label(move.split(), say)
    return worded if worded is not None else move


def _step_label(words: list[str], say: Say) -> str | None:
    """Words for a placement, a build's steps, an attraction or a kept hand; None for a shape not known."""
    verb = words[0] if words else ""
    if verb in ("place", "build") and len(words) == 5 and words[3] == "door":
        colour, square, door = words[1], words[2], words[4]
        template = PLACE_LABEL if verb == "place" else BUILD_LABEL
        colour_text = colour_words(colour, say)
        return say._(template).format(
            colour=colour_text, Colour=colour_text[:1].upper() + colour_text[1:], square=square, door=door
        )
    if verb == "move" and len(words) == 6 and words[2] == "to" and words[4] == "door":
        return say._(MOVE_LABEL).format(colour=colour_words(words[1], say), square=words[3], door=words[5])
    if verb == "extend" and len(words) == 3:
        return say._(EXTEND_LABEL).format(colour=colour_words(words[1], say), square=words[2])
    if verb == "attract" and len(words) == 4 and words[2] == "to":
        colour_text = colour_words(words[1], say)
        return say._(ATTRACT_LABEL).format(Colour=colour_text[:1].upper() + colour_text[1:], square=words[3])
    if verb == "card" and len(words) == 2:
        return say._(PAY_LABEL).format(payment=payment_words({"card": words[1]}, say))
    if verb == "wild" and len(words) == 4 and words[2] == "coin":
        return say._(PAY_LABEL).format(payment=payment_words({"card": words[1], "coin": words[3]}, say))
    if verb == "cards" and len(words) > 1:
        return say._(PAY_LABEL).format(payment=payment_words({"cards": words[1:]}, say))
    if verb == "pay" and len(words) > 1 and all(":" in word for word in words[1:]):
        coins = {colour: int(value) for colour, value in (w.split(":", 1) for w in words[1:]) if value.isdigit()}
        return say._(COINS_LABEL).format(coins=coins_words(coins, say))
    if verb == "keep" and len(words) > 1:
        return say._(KEEP_LABEL).format(cards=", ".join(card_mark(word, say) for word in words[1:]))
    return None


# ---- what a player holds (``/cairo hand`` and the alt text of their images) ----------------------------------
HAND = N_("Your hand: {held_cards}. Coins: {held_coins} (value {value}). Charlatans: {charlatans}.")
NO_CARDS = N_("no building cards")
NO_COINS = N_("none")
COIN = N_("{amount} {colour}")


def hand_words(view: View, seat: int, say: Say, spoken: bool = False) -> str:
    """``Your hand: NW, N, West column. Coins: 1 red, 2 blue (value 3). Charlatans: 1.`` (``spoken``: each card named in
    full, "the North-west card (NW)", as a screen reader should say it)."""
    player = view.details["players"][seat]
    hand = [str(card) for card in player.get("hand") or []]
    cards = ", ".join(card_words(card, say) if spoken else card_mark(card, say) for card in hand) or say._(NO_CARDS)
    coins = ", ".join(
        say.fill(COIN, {"amount": value, "colour": colour})
        for colour, value in (player.get("coins") or {}).items()
        if value
    )
    params = {
        "held_cards": cards,
        "held_coins": coins or say._(NO_COINS),
        "value": player.get("coin_value", 0),
        "charlatans": player.get("charlatans", 0),
    }
    return say.fill(HAND, params)


def holding(view: View, say: Say) -> str:
    """What the viewer holds hidden from the others (their building cards, coins and charlatans), spoken in full."""
    return hand_words(view, view.viewer, say, spoken=True) if view.viewer is not None else ""


TERMS: dict[str, str] = {
    "score": N_("points on the track"),
    "medals": N_("medals"),
    "coins": N_("coins"),
    "hand": N_("building cards in hand"),
    "charlatans": N_("charlatans"),
}
"""The parts of the computer's projected final score (``ai.games.cairo.TERMS``), as a hint names them."""


WORDS = GameWords(
    domain="cairo",
    terms=TERMS,
    holding=holding,
    title=TITLE,
    option_names=OPTION_NAMES,
    option_values=OPTION_VALUES,
    events=EVENTS,
    refusals=REFUSALS,
    decisions=DECISIONS,
    terminations=TERMINATIONS,
    options=OPTIONS,
    value=value,
    special={
        "card_dealt": _hidden_or_named(DEALT, DEALT_HIDDEN),
        "deck_draw": _hidden_or_named(DREW, DREW_HIDDEN),
        "cards_discarded": _discarded,
        "medals_taken": _medals,
        "customer_sent": _sent,
        "needs_charlatans": _needs_charlatans,
        "square_not_free": _not_free(NOT_FREE),
        "entrance_not_free": _not_free(ENTRANCE_NOT_FREE),
        "touches_stall": _with_whose(TOUCHES),
        "joins_two_stalls": _with_whose(JOINS),
        "bad_form": _bad_form,
        "pay_cards_first": _with_goal(REFUSALS["pay_cards_first"]),
        "pay_coins_first": _with_goal(REFUSALS["pay_coins_first"]),
        "pay_cards": _with_goal(DECISIONS["pay_cards"]),
        "pay_coins": _with_goal(DECISIONS["pay_coins"]),
    },
    label=label,
)
