"""How Jambo reads: the words for every event, refusal, decision and ending its engine produces.

Discord-free. Parameters come from ``engines.jambo``: ``card``/``*_card`` a card's canonical name
("leopard statue", "2 tea + silk"), ``cards`` a list of them, ``ware``/``*_ware`` a ware name,
``wares`` a list of ware names (repeats counted: "2 tea and silk"), ``gold``/``count``/``actions``
numbers, ``*_seat`` players. Events are told in the past, and join into one line per turn:
"Ana drew a card; Ana kept the card; Ana bought 2 tea and silk with 2 Tea + Silk for 4 gold".
A private event (a card drawn, kept, looked at) has a public twin without the card, read by the
other player and spectators. Decisions are prompts for the player to move ("keep Boat or discard
it"); refusals name the rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.core.catalog import N_, NN_
from bot.core.text import and_list
from bot.core.wording import GameWords, Say, Template
from engines.base import View
from engines.jambo.cards import BUY, CARD_ID, CARD_WARES, KIND, SELL, WARES, WISE_MAN
from engines.jambo.cards import value as card_value

WARE_WORDS = {
    "trinkets": N_("trinkets"),
    "hides": N_("hides"),
    "tea": N_("tea"),
    "silk": N_("silk"),
    "fruit": N_("fruit"),
    "salt": N_("salt"),
}
CARD_NAMES = {
    "boat": N_("Boat"),
    "drums": N_("Drums"),
    "kettle": N_("Kettle"),
    "leopard statue": N_("Leopard Statue"),
    "mask": N_("Mask"),
    "scale": N_("Scale"),
    "supplies": N_("Supplies"),
    "throne": N_("Throne"),
    "weapons": N_("Weapons"),
    "well": N_("Well"),
    "ape": N_("Ape"),
    "cheetah": N_("Cheetah"),
    "crocodile": N_("Crocodile"),
    "elephant": N_("Elephant"),
    "hyena": N_("Hyena"),
    "lion": N_("Lion"),
    "parrot": N_("Parrot"),
    "snake": N_("Snake"),
    "arabian merchant": N_("Arabian Merchant"),
    "basket maker": N_("Basket Maker"),
    "carrier": N_("Carrier"),
    "dancer": N_("Dancer"),
    "drummer": N_("Drummer"),
    "guard": N_("Guard"),
    "rain maker": N_("Rain Maker"),
    "shaman": N_("Shaman"),
    "traveling merchant": N_("Traveling Merchant"),
    "tribal elder": N_("Tribal Elder"),
    "portuguese": N_("Portuguese"),
    "psychic": N_("Psychic"),
    "wise man": N_("Wise Man"),
    "small stand": N_("Small Stand"),
    "all six": N_("All Six"),
}
"""Every named card's title, as the rulebook's card list prints it (ware cards are named by their wares)."""
EFFECTS = {
    "boat": N_("Discard a card (hand or play): take any ware"),
    "drums": N_("Return a ware: draw 1 card"),
    "kettle": N_("Discard 1 or 2 cards: draw as many"),
    "leopard statue": N_("Pay 2 gold: take any ware"),
    "mask": N_("Before drawing: swap a hand card for the discard's top"),
    "scale": N_("Draw 2: keep 1, give 1 to the opponent"),
    "supplies": N_("Draw till a ware card, keep it; pay 1 gold or discard 1"),
    "throne": N_("Take a ware of the opponent, give one of yours"),
    "weapons": N_("Discard a card (hand or play): take 2 gold"),
    "well": N_("Pay 1 gold: draw 1 card"),
    "ape": N_("Both hands face up; take cards in turn, you first"),
    "cheetah": N_("Opponent chooses: gives you 2 gold, or you draw 2"),
    "crocodile": N_("Discard an opponent's utility; use it once, free"),
    "elephant": N_("All wares to the middle; take in turn, you first"),
    "hyena": N_("See the opponent's hand: take a card, give one"),
    "lion": N_("Face-up utilities to the middle; take in turn"),
    "parrot": N_("Take a ware from the opponent"),
    "snake": N_("Both keep 1 face-up utility, discard the rest"),
    "arabian merchant": N_("Turn up 3 cards; auction them, you open at 1"),
    "basket maker": N_("Pay 2 gold: take 2 wares of one kind"),
    "carrier": N_("2 wares of a kind or 2 cards; opponent the other"),
    "dancer": N_("Play a 3-ware card, return any 3 wares: its sell price"),
    "drummer": N_("Take a utility from the discard pile"),
    "guard": N_("Opponent's turn: cancel an animal (no action)"),
    "rain maker": N_("Opponent's turn: take the ware card just played"),
    "shaman": N_("Trade all of one ware for as many of another"),
    "traveling merchant": N_("Auction 2 wares of the supply; you open at 1"),
    "tribal elder": N_("Opponent discards to 3, or you draw to 5"),
    "portuguese": N_("Sell any wares to the bank, 2 gold each"),
    "psychic": N_("See the deck's top 6: take 1, put 5 back"),
    "wise man": N_("This turn ware cards buy 2 less, sell 2 more"),
    "small stand": N_("3 more ware spaces (6 gold first, then 3)"),
}
"""Every card's effect in short, for menu labels and drawn on the cards (``bot.games.jambo.pictures``)."""
WARE_CARD_EFFECT = N_("{wares}: buy {buy}, sell {sell}")
"""A ware card's effect: what it shows and its prices ("2 tea, silk: buy 4, sell 8")."""
KIND_WORDS = {"utility": N_("utility"), "animal": N_("animal"), "person": N_("person"), "stand": N_("stand")}
WISE_MAN_BONUS = card_value(WISE_MAN, "discount")
MODE_WORDS = {
    "ask": N_("ask me"),
    "auto": N_("answer at once if I can"),
    "never": N_("never answer"),
}

TITLE = N_("Jambo")
"""The game's title as players read it (the engine's ``title`` is its English identifier)."""

# ---- events -------------------------------------------------------------------------------------------------
EVENTS = {
    "turn_ended": N_("{seat} ended the turn with {gold} gold"),
    "bonus_gold": N_("{seat} took {gold} gold for {actions} unused actions"),
    "last_turn": N_("{trigger_seat} has {gold} gold: {seat} plays one last turn"),
    "game_won": N_("{seat} won with {gold} gold"),
    "reshuffled": N_("the discard pile ({cards} cards) was shuffled into a new deck"),
    "no_cards_left": N_("no card was left to draw"),
    "card_seen": N_("{seat} drew {card}"),
    "card_seen_hidden": N_("{seat} drew a card"),
    "card_looked": N_("{seat} looked at {card}"),
    "card_looked_hidden": N_("{seat} looked at a card"),
    "card_kept": N_("{seat} kept {card}"),
    "card_kept_hidden": N_("{seat} kept the card"),
    "draw_discarded": N_("{seat} discarded {card}"),
    "card_drawn": N_("{seat} drew {card} into their hand"),
    "card_drawn_hidden": N_("{seat} drew a card into their hand"),
    "card_turned": N_("{card} was turned face up"),
    "ware_card_found": N_("{seat} found the ware card {card} and took it"),
    "cards_discarded": N_("{cards} went to the discard pile"),
    "stand_built": N_("{seat} built a small stand for {gold} gold"),
    "stand_fee": N_("{seat} paid {gold} gold for filling the large stand"),
    "bought": N_("{seat} bought {wares} with {card} for {gold} gold"),
    "sold": N_("{seat} sold {wares} with {card} for {gold} gold"),
    "utility_played": N_("{seat} put {card} in play"),
    "utility_replaced": N_("{seat} discarded {card} from play to make room"),
    "utility_used": N_("{seat} used {card}"),
    "utility_used_free": N_("{seat} used {card} for free"),
    "card_played": N_("{seat} played {card}"),
    "card_discarded": N_("{seat} discarded {card}"),
    "utility_discarded": N_("{seat} discarded {card} from play"),
    "gold_taken": N_("{seat} took {gold} gold"),
    "gold_paid": N_("{seat} paid {gold} gold"),
    "ware_taken": N_("{seat} took {ware} from the supply"),
    "ware_returned": N_("{seat} returned {ware} to the supply"),
    "ware_bought": N_("{seat} bought {ware} for {gold} gold"),
    "mask_swapped": N_("{seat} swapped {card} for {taken_card} from the discard pile"),
    "scale_split": N_("{seat} kept {card} and gave {given_card} to {other_seat}"),
    "scale_gift": N_("{seat} kept one card and gave {given_card} to {other_seat}"),
    "scale_split_hidden": N_("{seat} kept one card and gave the other to {other_seat}"),
    "throne_swapped": N_("{seat} took {taken_ware} from {other_seat} and gave {given_ware} back"),
    "guarded": N_("{seat} played a Guard: {card} has no effect"),
    "no_reaction": N_("{seat} let it pass"),
    "rain_maker": N_("{seat} played a Rain Maker and took {card}"),
    "hands_pooled": N_("both hands ({count} cards) were laid face up for {seat}'s Ape"),
    "card_picked": N_("{seat} took {card}"),
    "ware_picked": N_("{seat} took {ware}"),
    "utility_eaten": N_("{seat}'s Crocodile took {other_seat}'s {card}"),
    "free_use_declined": N_("{seat} did not use {card}"),
    "wares_pooled": N_("every ware went to the middle: {wares}"),
    "no_room_to_take": N_("{seat} had no room and took nothing"),
    "wares_to_supply": N_("{wares} went back to the supply"),
    "hyena_empty": N_("{other_seat} had no cards for {seat}'s Hyena"),
    "hyena_looked": N_("{seat} looked at {other_seat}'s hand"),
    "card_taken": N_("{seat} took {card} from {other_seat}'s hand"),
    "card_taken_hidden": N_("{seat} took a card from {other_seat}'s hand"),
    "card_given": N_("{seat} gave {card} to {other_seat}"),
    "card_given_hidden": N_("{seat} gave a card to {other_seat}"),
    "utilities_pooled": N_("the face-up utilities went to the middle: {cards}"),
    "ware_stolen": N_("{seat} took {ware} from {other_seat}"),
    "wares_gained": N_("{seat} got {wares}"),
    "gold_given": N_("{seat} gave {other_seat} {gold} gold"),
    "cards_allowed": N_("{seat} let {other_seat} draw {count} cards"),
    "cheetah_nothing": N_("{seat} could give neither gold nor cards"),
    "auction_empty": N_("there was nothing to auction"),
    "bid": N_("{seat} bid {gold} gold"),
    "passed": N_("{seat} passed"),
    "wares_offered": N_("{seat} put {wares} up for auction"),
    "ware_card_danced": N_("{seat} showed {card} to the Dancer"),
    "danced": N_("{seat} took {gold} gold for {card}"),
    "card_from_discard": N_("{seat} took {card} from the discard pile"),
    "wares_traded": N_("{seat} traded {wares} for {taken_wares}"),
    "elder_chose_discard": N_("{other_seat} must discard down to {count} cards"),
    "elder_chose_draw": N_("{seat} draws up to {count} cards"),
    "ware_sold": N_("{seat} sold {ware} to the Portuguese for {gold} gold"),
    "psychic_took": N_("{seat} took {card} and put {count} cards back on the deck"),
    "psychic_took_hidden": N_("{seat} took one card and put {count} cards back on the deck"),
    "wise_man": N_("ware cards buy {gold} gold cheaper and sell {gold} gold dearer for {seat} this turn"),
}
TURN_STARTED = N_("{seat}'s turn")
LAST_TURN_STARTED = N_("{seat}'s last turn")
AUCTION_WON_CARDS = N_("{seat} won the auction for {gold} gold and took {cards}")
AUCTION_WON_WARES = N_("{seat} won the auction for {gold} gold and took {wares}")
UTILITY_KEPT = N_("{seat} kept {card}")
UTILITY_KEPT_DISCARDING = N_("{seat} kept {card} and discarded {cards}")
GUARD_ORDERS_ALL = N_("{seat} set their Guard orders for every animal: {mode}")
GUARD_ORDERS_ONE = N_("{seat} set their Guard orders for {cards}: {mode}")
RAIN_ORDERS = {
    "never": N_("{seat} will not be asked about Rain Makers"),
    "ask": N_("{seat} will be asked whether to play a Rain Maker on each ware card"),
    "auto": N_("{seat} plays a Rain Maker at once on a ware card selling for {gold} gold or more, if they hold one"),
}

# ---- standing orders, as their owner reads them (/jambo orders) ---------------------------------------------
ORDERS_TITLE = N_("Your standing orders (only you see them):")
GUARD_ORDERS_LINE = N_("Guard, when an animal is played against you: {mode}")
GUARD_ORDERS_EXCEPT = N_("Guard, when an animal is played against you: {mode}; {exceptions}")
GUARD_ORDERS_FOR = N_("{cards}: {mode}")
RAIN_ORDERS_LINE = {
    "never": N_("Rain Maker, after your opponent's ware card: never ask me"),
    "ask": N_("Rain Maker, after your opponent's ware card: ask me"),
    "auto": N_("Rain Maker, after your opponent's ware card: take it at once if I hold one"),
}
RAIN_ORDERS_PRICE = N_(
    "Rain Maker, after your opponent's ware card: take it at once if I hold one and it sells for {gold} gold or more"
)
ORDERS_HOW = N_(
    "Change them with the menus below, or with `/jambo orders` (`/jambo orders animal:` for one animal, "
    "`/jambo orders price:` for a Rain Maker only on dearer sales). Whether the game waits for you depends on these "
    "orders, never on your hand."
)
GUARD_MENU = N_("Guard against every animal…")
RAIN_MENU = N_("Rain Maker…")
GUARD_CHOICE = N_("Guard: {mode}")
RAIN_CHOICE = {
    "never": N_("Rain Maker: never ask me"),
    "ask": N_("Rain Maker: ask me"),
    "auto": N_("Rain Maker: take it at once if I can"),
}


def orders_text(orders: Mapping[str, Any], say: Say) -> str:
    """A player's standing orders (``details.players[seat].orders`` of their view), one line each, and how to
    change them."""
    guard: dict[str, str] = dict(orders.get("guard") or {})
    modes = list(guard.values())
    usual = max(dict.fromkeys(modes), key=modes.count) if modes else "ask"
    others: dict[str, list[str]] = {}
    for animal, mode in guard.items():
        if mode != usual:
            others.setdefault(mode, []).append(animal)
    lines = [say._(ORDERS_TITLE)]
    if others:
        exceptions = "; ".join(
            say.fill(GUARD_ORDERS_FOR, {"cards": animals, "mode": mode}) for mode, animals in others.items()
        )
        lines.append("• " + say.fill(GUARD_ORDERS_EXCEPT, {"mode": usual, "exceptions": exceptions}))
    else:
        lines.append("• " + say.fill(GUARD_ORDERS_LINE, {"mode": usual}))
    rain, price = str(orders.get("rain") or "never"), int(orders.get("rain_min") or 0)
    if rain == "auto" and price > 0:
        lines.append("• " + say.fill(RAIN_ORDERS_PRICE, {"gold": price}))
    else:
        lines.append("• " + say._(RAIN_ORDERS_LINE.get(rain, RAIN_ORDERS_LINE["never"])))
    lines.append(say._(ORDERS_HOW))
    return "\n".join(lines)


def guard_choice(mode: str, say: Say) -> str:
    """A Guard order in the orders menu: "Guard: ask me"."""
    return say.fill(GUARD_CHOICE, {"mode": mode})


def rain_choice(mode: str, say: Say) -> str:
    """A Rain Maker order in the orders menu: "Rain Maker: never ask me"."""
    return say._(RAIN_CHOICE[mode])


# ---- refusals -----------------------------------------------------------------------------------------------
REFUSALS = {
    "chance_due": N_("A card is being drawn from the deck: wait a moment."),
    "not_now": N_("That is not a choice now: {next}."),
    "no_actions_left": N_("You have used all {actions} actions this turn: end it."),
    "drawing_over": N_("Phase 1 is over (you kept or played a card): no more drawing this turn."),
    "no_cards_left": N_("The deck and the discard pile are both empty: there is no card to draw."),
    "unknown_card": N_("There is no card called {text}."),
    "not_in_hand": N_("You hold no {card}."),
    "buy_or_sell": N_("{card} is a ware card: buy or sell with it."),
    "not_a_ware_card": N_("Only ware cards are bought or sold; {card} is played."),
    "answer_card": N_("{card} is played only in your opponent's turn, as an answer."),
    "not_enough_gold": N_("That costs {gold} gold and you have {have}."),
    "utility_limit": N_("You already have {count} utilities in play: put {card} in play replacing one."),
    "not_in_play": N_("{seat} has no {card} in play."),
    "no_need_to_replace": N_("You have fewer than {count} utilities in play: play it without replacing any."),
    "bad_choice": N_("{card} cannot be played with {text} now."),
    "not_a_utility": N_("{card} is not a utility: only utilities in play are used."),
    "already_used": N_("{card} has been used this turn: each utility works once per turn."),
    "supply_short": N_("The supply is short of {wares} (6 of each ware in the game)."),
    "supply_empty": N_("The supply has no wares left."),
    "no_room": N_("That needs {count} free spaces on your stands and you have {free}."),
    "no_wares": N_("You have no wares on your stands."),
    "missing_wares": N_("You need {wares} on your stands."),
    "empty_hand": N_("Your hand is empty."),
    "mask_before_drawing": N_("The Mask is used at the start of your turn, before you draw or play a card."),
    "discard_empty": N_("The discard pile is empty."),
    "throne_needs_wares": N_("The Throne needs a ware on your stands and one on {other_seat}'s."),
    "no_target": N_("{card} needs a target and {other_seat} has none."),
    "ware_not_held": N_("{seat} has no {ware}."),
    "dancer_needs_card": N_("The Dancer is played with a ware card of yours that shows {count} wares."),
    "not_enough_wares": N_("That needs {count} wares on your stands and you have {have}."),
    "no_utility_in_discard": N_("There is no utility in the discard pile."),
    "not_in_discard": N_("There is no {card} in the discard pile."),
    "bid_too_low": N_("Bid at least {gold} gold."),
    "bid_over_gold": N_("You cannot bid more than your {gold} gold."),
    "must_open": N_("Whoever plays the card opens the auction: bid {gold} gold or more."),
    "bad_orders": N_("{move} is not a standing order."),
}

# ---- decisions ----------------------------------------------------------------------------------------------
DECISIONS: dict[str, Template] = {
    "draw_or_play": N_("draw a card, play cards or end the turn (actions left: {actions})"),
    "play": N_("play cards or end the turn (actions left: {actions})"),
    "react_guard": N_("play a Guard against {by_seat}'s {card}, or let it pass"),
    "react_rain_maker": N_("take {by_seat}'s {card} with a Rain Maker, or let it pass"),
    "scrap": N_("discard a card from your hand or your play area for {card}"),
    "boat_take": N_("take a ware from the supply"),
    "supplies_pay": N_("pay {gold} gold or discard a card for the Supplies"),
    "crocodile_use": N_("use {card} once for free, or decline"),
    "ape_pick": N_("take a card from the table"),
    "elephant_pick": N_("take a ware from the middle"),
    "lion_pick": N_("take a utility from the middle"),
    "lion_trim": N_("discard utilities from play down to 3 ({count} to go)"),
    "snake_keep": N_("keep one face-up utility; the others are discarded"),
    "cheetah_choice": N_("give {by_seat} {gold} gold, or let them draw {count} cards"),
    "hyena_take": N_("take a card from {other_seat}'s hand"),
    "hyena_give": N_("give {other_seat} a card from your hand"),
    "carrier_take": N_("take {count} wares of one kind"),
    "bid_raise": N_("bid more than {bidder_seat}'s {gold} gold, or pass"),
    "elder_discard": N_("discard down to {keep} cards ({count} to go)"),
    "overflow_return": NN_(
        "no room for every ware: return {count} ware of your choice to the supply",
        "no room for every ware: return {count} wares of your choice to the supply",
    ),
    "dancer_return": NN_(
        "return {count} more ware to the supply for the Dancer",
        "return {count} more wares to the supply for the Dancer",
    ),
    "portuguese_return": N_("sell wares to the Portuguese at {gold} gold each, or stop"),
}
KEEP_OR_DISCARD = N_("keep {card} or discard it (actions left: {actions})")
KEEP_OR_DISCARD_HIDDEN = N_("keep the card drawn or discard it")
KETTLE_FIRST = N_("discard 1 or 2 cards for the Kettle")
KETTLE_SECOND = N_("discard a second card for the Kettle, or stop")
SCALE_CHOOSE = N_("keep one of {cards} and give the other away")
SCALE_CHOOSE_HIDDEN = N_("keep one of the two cards drawn and give the other away")
PSYCHIC_TAKE = N_("take one of {cards}; the others go back on the deck in order")
PSYCHIC_TAKE_HIDDEN = N_("take one of the {count} cards looked at")
BID_OPEN_CARDS = N_("open the auction of {cards}: bid {gold} gold or more")
BID_OPEN_WARES = N_("open the auction of {wares}: bid {gold} gold or more")

# ---- endings ------------------------------------------------------------------------------------------------
GOAL_REACHED = N_("{trigger_seat} reached {goal} gold, {last_seat} played a last turn, and {winner_seat} won")
TERMINATIONS: dict[str, str] = {}

# ---- labels -------------------------------------------------------------------------------------------------
LABELS = {
    "draw": N_("Draw a card"),
    "keep": N_("Keep it"),
    "end": N_("End the turn"),
    "decline": N_("Let it pass"),
    "react guard": N_("Play a Guard"),
    "react rain maker": N_("Play a Rain Maker"),
    "pass": N_("Pass"),
    "done": N_("Done"),
    "pay": N_("Pay 1 gold"),
    "choose gold": N_("Give 2 gold"),
    "choose cards": N_("Let them draw 2 cards"),
}
END_WITH_BONUS = N_("End the turn (+1 gold)")
VERB_LABELS = {
    "discard": N_("Discard {card}"),
    "take": N_("Take {card}"),
    "give": N_("Give {card}"),
    "keep": N_("Keep {card}"),
    "return": N_("Return {ware}"),
    "bid": N_("Bid {gold} gold"),
    "card": N_("Deck: {card}"),
}
PLAY_LABEL = N_("{card}: {effect}")
PLAY_SHORT = N_("Play {card}")
USE_SHORT = N_("Use {card}")
LABEL_LIMIT = 80
"""A button's label holds 80 characters: a longer label names the card and the choice without the effect."""
BUY_LABEL = N_("Buy {wares} for {gold} gold ({card})")
SELL_LABEL = N_("Sell {wares} for {gold} gold ({card})")
IN_PLAY_LABEL = N_("Discard {card} (in play)")
TAKE_WARE_LABEL = N_("Take {ware}")
CHOICE_LABEL = N_("{text} ({choice})")
PUT_IN_PLAY_LABEL = N_("Put {card} in play (1 action)")
PUT_IN_PLAY_REPLACING = N_("Put {card} in play (1 action), replacing {other_card}")
USE_UTILITY_LABEL = N_("Use {card} (1 action): {effect}")
USE_FREE_LABEL = N_("Use {card} (no action): {effect}")
UTILITY_EFFECTS = {
    "boat": N_("discard a card, take any ware"),
    "drums": N_("return a ware, draw 1 card"),
    "kettle": N_("discard 1 or 2 cards, draw as many"),
    "leopard statue": N_("pay 2 gold, take any ware"),
    "mask": N_("swap a card of your hand for the discard pile's top"),
    "scale": N_("draw 2 cards, keep 1, give 1 away"),
    "supplies": N_("draw to a ware card, then pay 1 gold or discard 1"),
    "throne": N_("take a ware of your opponent's, give one of yours"),
    "weapons": N_("discard a card, take 2 gold"),
    "well": N_("pay 1 gold, draw 1 card"),
}
THRONE_USE = N_("take {taken_ware}, give {given_ware}")
LEOPARD_USE = N_("pay 2 gold, take {ware}")
SCALE_LABEL = N_("Keep {card}, give {given_card}")
REPLACING = N_("replacing {card}")
CHOICE_WORDS = {
    "cards": N_("2 cards"),
    "discard": N_("the opponent discards to 3"),
    "draw": N_("you draw to 5"),
}
TWO_OF = N_("2 {ware}")
TRADE = N_("{ware} for {taken_ware}")
"""The Shaman's trade in a menu: "trinkets for silk"."""


# ---- values -------------------------------------------------------------------------------------------------
def ware_words(wares: list[str], say: Say) -> str:
    """Ware names with repeats counted: "2 tea and silk"."""
    counted: dict[str, int] = {}
    for ware in wares:
        counted[ware] = counted.get(ware, 0) + 1
    parts = [f"{n} {say._(WARE_WORDS.get(w, w))}" if n > 1 else say._(WARE_WORDS.get(w, w)) for w, n in counted.items()]
    return and_list(parts, say._("and")) if parts else say._(N_("no wares"))


def card_words(name: str, say: Say) -> str:
    """A card's title for people: "Leopard Statue" ("Estatua de leopardo"); a ware card by its wares,
    each capitalised, in the wares' own order (the order of its icons and of a trade's wares, not its name's):
    "2 Tea + Silk" ("2 Té + Seda"), "Hides + Tea + Fruit" for ``fruit + hides + tea``."""
    if name in CARD_NAMES:
        return say._(CARD_NAMES[name])
    card = CARD_ID.get(name)
    if card is not None and KIND[card] == "ware":
        return " + ".join(counted_wares(card, say, titled=True))
    return name


def counted_wares(card: int, say: Say, titled: bool = False) -> list[str]:
    """A ware card's wares, repeats counted, in the wares' own order: ["2 tea", "silk"] (``titled``: "2 Tea")."""
    shown = []
    for ware, count in enumerate(CARD_WARES[card]):
        if count:
            worded = say._(WARE_WORDS[WARES[ware]])
            worded = worded[:1].upper() + worded[1:] if titled else worded
            shown.append(f"{count} {worded}" if count > 1 else worded)
    return shown


def effect_words(name: str, say: Say) -> str:
    """A card's effect in a few words; for a ware card its wares and prices ("2 tea, silk: buy 4, sell 8")."""
    card = CARD_ID[name]
    if KIND[card] == "ware":
        shown = ", ".join(counted_wares(card, say))
        return say._(WARE_CARD_EFFECT).format(wares=shown, buy=BUY[card], sell=SELL[card])
    return say._(EFFECTS[name])


def value(key: str, found: Any, say: Say) -> str | None:
    """Cards by their title ("Leopard Statue"), wares by name, ware lists counted; None for anything else."""
    if (key == "card" or key.endswith("_card")) and isinstance(found, str):
        return card_words(found, say)
    if key == "cards" and isinstance(found, list):
        return and_list([card_words(str(c), say) for c in found], say._("and")) or say._(N_("no cards"))
    if (key == "ware" or key.endswith("_ware")) and isinstance(found, str):
        return say._(WARE_WORDS.get(found, found))
    if (key == "wares" or key.endswith("_wares")) and isinstance(found, list):
        return ware_words([str(w) for w in found], say)
    if key == "kind" and isinstance(found, str):
        return say._(KIND_WORDS.get(found, found))
    if key == "mode" and isinstance(found, str):
        return say._(MODE_WORDS.get(found, found))
    return None


# ---- codes a template cannot express ------------------------------------------------------------------------
def turn_started(params: Mapping[str, Any], say: Say) -> str:
    return say.fill(LAST_TURN_STARTED if params.get("last") else TURN_STARTED, params)


def auction_won(params: Mapping[str, Any], say: Say) -> str:
    return say.fill(AUCTION_WON_CARDS if "cards" in params else AUCTION_WON_WARES, params)


def utility_kept(params: Mapping[str, Any], say: Say) -> str:
    return say.fill(UTILITY_KEPT_DISCARDING if params.get("cards") else UTILITY_KEPT, params)


def guard_orders(params: Mapping[str, Any], say: Say) -> str:
    every = len(params.get("cards") or []) > 1
    return say.fill(GUARD_ORDERS_ALL if every else GUARD_ORDERS_ONE, params)


def rain_orders(params: Mapping[str, Any], say: Say) -> str:
    return say.fill(RAIN_ORDERS.get(str(params.get("mode")), RAIN_ORDERS["never"]), params)


def keep_or_discard(params: Mapping[str, Any], say: Say) -> str:
    return say.fill(KEEP_OR_DISCARD if params.get("card") else KEEP_OR_DISCARD_HIDDEN, params)


def kettle_discard(params: Mapping[str, Any], say: Say) -> str:
    return say._(KETTLE_SECOND if params.get("discarded") else KETTLE_FIRST)


def scale_choose(params: Mapping[str, Any], say: Say) -> str:
    return say.fill(SCALE_CHOOSE if params.get("cards") else SCALE_CHOOSE_HIDDEN, params)


def psychic_take(params: Mapping[str, Any], say: Say) -> str:
    return say.fill(PSYCHIC_TAKE if params.get("cards") else PSYCHIC_TAKE_HIDDEN, params)


def bid_open(params: Mapping[str, Any], say: Say) -> str:
    return say.fill(BID_OPEN_CARDS if "cards" in params else BID_OPEN_WARES, params)


def goal_reached(params: Mapping[str, Any], say: Say) -> str:
    return say.fill(GOAL_REACHED, params)


# ---- labels -------------------------------------------------------------------------------------------------
def label(move: str, view: View, say: Say) -> str:
    """A move's words on a button or in a menu, with the card's effect: "Parrot: take a ware from the opponent"."""
    if move == "end" and view.details.get("actions_left", 0) >= 2:
        return say._(END_WITH_BONUS)
    if move in LABELS:
        return say._(LABELS[move])
    verb, _, rest = move.partition(" ")
    if verb in ("play", "use") and _split_name(rest)[0] in UTILITY_EFFECTS:
        return _utility_label(verb, rest, view, say)
    if verb == "play":
        return _card_label(rest, say)
    if verb in ("buy", "sell"):
        return _trade_label(verb, rest, view, say)
    if verb == "keep" and " give " in rest:
        kept, _, given = rest.partition(" give ")
        return say.fill(SCALE_LABEL, {"card": kept, "given_card": given})
    if verb == "discard" and rest.endswith(" in play"):
        return say.fill(IN_PLAY_LABEL, {"card": rest.removesuffix(" in play")})
    if verb == "take" and rest in WARE_WORDS:
        return say.fill(TAKE_WARE_LABEL, {"ware": rest})
    if verb in VERB_LABELS:
        key = "ware" if verb == "return" else "gold" if verb == "bid" else "card"
        return say.fill(VERB_LABELS[verb], {key: rest})
    return move


def _trade_label(verb: str, name: str, view: View, say: Say) -> str:
    """ "Buy 2 tea and silk for 4 gold (2 Tea + Silk)", with this turn's Wise Men counted."""
    card = CARD_ID.get(name)
    if card is None:
        return name
    bonus = WISE_MAN_BONUS * int(view.details.get("wise_men", 0) or 0)
    gold = max(0, BUY[card] - bonus) if verb == "buy" else SELL[card] + bonus
    wares = [WARES[w] for w, n in enumerate(CARD_WARES[card]) for _ in range(n)]
    return say.fill(BUY_LABEL if verb == "buy" else SELL_LABEL, {"card": name, "wares": wares, "gold": gold})


def _card_label(rest: str, say: Say) -> str:
    """A person or an animal played: "Parrot: take a ware from the opponent (silk)"."""
    name, choice = _split_name(rest)
    text = say.fill(PLAY_LABEL, {"card": name, "effect": effect_words(name, say)})
    return _with_choice(text, choice, say.fill(PLAY_SHORT, {"card": name}), say)


def _utility_label(verb: str, rest: str, view: View, say: Say) -> str:
    """ "Put Drums in play (1 action)", "Use Drums (1 action): return a ware, draw 1 card (silk)"; a use the
    Crocodile grants reads "Use Well (no action): …" (it costs no action; its own price is still paid)."""
    name, choice = _split_name(rest)
    if verb == "play":
        words = choice.split()
        if words and words[0] == "replace":
            text = say.fill(PUT_IN_PLAY_REPLACING, {"card": name, "other_card": " ".join(words[1:])})
            if len(text) <= LABEL_LIMIT:
                return text
            short = say.fill(PLAY_SHORT, {"card": name})
            return say._(CHOICE_LABEL).format(text=short, choice=_choice_words(choice, say))
        return say.fill(PUT_IN_PLAY_LABEL, {"card": name})
    free = view.decision is not None and view.decision.code == "crocodile_use"
    template = USE_FREE_LABEL if free else USE_UTILITY_LABEL
    if name == "leopard statue" and choice in WARE_WORDS:  # the ware named in the effect, not after it
        text = say.fill(template, {"card": name, "effect": say.fill(LEOPARD_USE, {"ware": choice})})
        short = say.fill(USE_SHORT, {"card": name})
        return text if len(text) <= LABEL_LIMIT else _with_choice(short, choice, short, say)
    if name == "throne" and choice.startswith("take "):
        words = choice.split()
        effect = say.fill(THRONE_USE, {"taken_ware": words[1], "given_ware": words[3]})
        return say.fill(template, {"card": name, "effect": effect})
    text = say.fill(template, {"card": name, "effect": say._(UTILITY_EFFECTS[name])})
    return _with_choice(text, choice, say.fill(USE_SHORT, {"card": name}), say)


def _with_choice(text: str, choice: str, short: str, say: Say) -> str:
    """``text`` with the card's follow-up choice; too long for a button or a menu, the choice matters more than
    the card's effect (the card shows it), so ``short`` stands for ``text`` (also without a choice, when ``text``
    alone is too long: a translation may be)."""
    if not choice:
        return text if len(text) <= LABEL_LIMIT else short
    chosen = _choice_words(choice, say)
    label = say._(CHOICE_LABEL).format(text=text, choice=chosen)
    if len(label) <= LABEL_LIMIT:
        return label
    return say._(CHOICE_LABEL).format(text=short, choice=chosen)


def _choice_words(choice: str, say: Say) -> str:
    """A card's follow-up words for people: ware names translated, card names titled ("replacing Well")."""
    words = choice.split()
    if words[0] == "replace":
        return say.fill(REPLACING, {"card": " ".join(words[1:])})
    if choice in CARD_ID:
        return card_words(choice, say)
    if choice in CHOICE_WORDS:
        return say._(CHOICE_WORDS[choice])
    if words[0] == "wares" and len(words) == 2:
        return say.fill(TWO_OF, {"ware": words[1]})
    if len(words) == 3 and words[1] == "for" and words[0] in WARE_WORDS and words[2] in WARE_WORDS:
        return say.fill(TRADE, {"ware": words[0], "taken_ware": words[2]})
    if words and all(w in WARE_WORDS for w in words):
        return ware_words(words, say)
    return " ".join(say._(WARE_WORDS[w]) if w in WARE_WORDS else w for w in words)


def _split_name(rest: str) -> tuple[str, str]:
    words = rest.split()
    for end in range(len(words), 0, -1):
        name = " ".join(words[:end])
        if name in CARD_ID:
            return name, " ".join(words[end:])
    return rest, ""


# ---- what a player holds (the alt text of their hand and board) -------------------------------------------------
HOLDING = NN_("Your hand, {count} card: {cards}.", "Your hand, {count} cards: {cards}.")


def holding(view: View, say: Say) -> str:
    """The cards in the viewer's hand, by name ("Your hand, 3 cards: Leopard Statue, 2 Tea + Silk and Wise Man.")."""
    if view.viewer is None:
        return ""
    hand = view.details["players"][view.viewer].get("hand") or []
    return say.fill(HOLDING, {"count": len(hand), "cards": [str(card) for card in hand]})


TERMS: dict[str, str] = {
    "gold": N_("gold"),
    "wares": N_("wares on your stands"),
    "cards": N_("cards in hand"),
    "utilities": N_("utilities in play"),
    "actions": N_("actions left this turn"),
}
"""The parts of the computer's projected final score (``ai.games.jambo.TERMS``), as a hint names them."""


WORDS = GameWords(
    domain="jambo",
    terms=TERMS,
    holding=holding,
    title=TITLE,
    score_unit=NN_("{score} gold", "{score} gold", "score"),
    events=EVENTS,
    refusals=REFUSALS,
    decisions=DECISIONS,
    terminations=TERMINATIONS,
    value=value,
    special={
        "turn_started": turn_started,
        "auction_won": auction_won,
        "utility_kept": utility_kept,
        "guard_orders": guard_orders,
        "rain_orders": rain_orders,
        "keep_or_discard": keep_or_discard,
        "kettle_discard": kettle_discard,
        "scale_choose": scale_choose,
        "psychic_take": psychic_take,
        "bid_open": bid_open,
        "goal_reached": goal_reached,
    },
    label=label,
)
