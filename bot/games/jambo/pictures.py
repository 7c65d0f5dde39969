"""The words drawn inside Jambo's pictures (``render.jambo``), by id: the table ``bot.core.pictures`` translates.

Discord-free. Card titles and effects, ware names and the decisions' prompts come from ``words`` (the same
words the messages use); the rest is marked here. Fields: ``{name}`` a player, ``{count}``/``{gold}``/``{turn}``
numbers, ``{cards}``/``{scores}`` lists already joined.
"""

from __future__ import annotations

from bot.core import texts
from bot.core.catalog import C_, N_, NN_
from bot.core.wording import Say, Template
from bot.games.jambo.words import CARD_NAMES, EFFECTS, KIND_WORDS, TITLE, WARE_WORDS, card_words, effect_words
from engines.jambo.cards import CARD_ID

LETTERS: dict[str, str] = {
    # TRANSLATORS: the letter on trinkets tokens: one capital letter,
    # distinct from the other wares' letters (English J H T S F L)
    "ware:trinkets": C_("letter of the ware trinkets", "J"),
    # TRANSLATORS: the letter on hides tokens: one capital letter,
    # distinct from the other wares' letters
    "ware:hides": C_("letter of the ware hides", "H"),
    # TRANSLATORS: the letter on tea tokens: one capital letter,
    # distinct from the other wares' letters
    "ware:tea": C_("letter of the ware tea", "T"),
    # TRANSLATORS: the letter on silk tokens: one capital letter,
    # distinct from the other wares' letters
    "ware:silk": C_("letter of the ware silk", "S"),
    # TRANSLATORS: the letter on fruit tokens: one capital letter,
    # distinct from the other wares' letters
    "ware:fruit": C_("letter of the ware fruit", "F"),
    # TRANSLATORS: the letter on salt tokens: one capital letter,
    # distinct from the other wares' letters
    "ware:salt": C_("letter of the ware salt", "L"),
    # TRANSLATORS: the letter on the coloured band of a utility card: one capital letter,
    # distinct from the other card kinds' letters (English U A P W S)
    "kind:utility": C_("letter of the card kind utility", "U"),
    # TRANSLATORS: the letter on the coloured band of a animal card: one capital letter,
    # distinct from the other card kinds' letters
    "kind:animal": C_("letter of the card kind animal", "A"),
    # TRANSLATORS: the letter on the coloured band of a person card: one capital letter,
    # distinct from the other card kinds' letters
    "kind:person": C_("letter of the card kind person", "P"),
    # TRANSLATORS: the letter on the coloured band of a ware card card: one capital letter,
    # distinct from the other card kinds' letters
    "kind:ware": C_("letter of the card kind ware card", "W"),
    # TRANSLATORS: the letter on the coloured band of a stand card: one capital letter,
    # distinct from the other card kinds' letters
    "kind:stand": C_("letter of the card kind stand", "S"),
    # TRANSLATORS: the letter on a gold coin beside a player's gold: one capital letter (the word gold's initial)
    "coin:gold": C_("letter of gold coins", "G"),
}
"""The one-letter marks, by set (``letter:<set>:<item>``): the letters of one set are distinct in every language."""

DECISIONS: dict[str, str] = {
    "draw_or_play": N_("draw or play"),
    "play": N_("play cards or end"),
    "keep_or_discard": N_("keep or discard the card drawn"),
    "react_guard": N_("Guard against the animal?"),
    "react_rain_maker": N_("Rain Maker on the ware card?"),
    "scrap": N_("discard a card"),
    "boat_take": N_("take a ware"),
    "kettle_discard": N_("discard for the Kettle"),
    "scale_choose": N_("keep one card, give one"),
    "supplies_pay": N_("pay 1 gold or discard"),
    "crocodile_use": N_("use the eaten utility?"),
    "ape_pick": N_("take a card"),
    "elephant_pick": N_("take a ware"),
    "lion_pick": N_("take a utility"),
    "lion_trim": N_("discard down to 3 utilities"),
    "snake_keep": N_("keep one utility"),
    "cheetah_choice": N_("give 2 gold or let draw 2"),
    "hyena_take": N_("take a card from the hand"),
    "hyena_give": N_("give a card back"),
    "carrier_take": N_("take 2 wares of a kind"),
    "bid_open": N_("open the auction"),
    "bid_raise": N_("bid more or pass"),
    "elder_discard": N_("discard down to 3 cards"),
    "overflow_return": N_("return wares (no room)"),
    "dancer_return": N_("return wares for the Dancer"),
    "portuguese_return": N_("sell wares, 2 gold each"),
    "psychic_take": N_("take one of the cards seen"),
}
"""What the seat to move is deciding, in a few words for the picture (the messages word it in full)."""
CHOICES: dict[str, str] = {
    "ape_pick": N_("On the table (Ape): take one"),
    "lion_pick": N_("In the middle (Lion): take one"),
    "bid_open": N_("Up for auction"),
    "bid_raise": N_("Up for auction"),
}
"""The heading over the cards in the middle the viewer must choose among, by the decision they face."""
LOOKING: dict[str, str] = {
    "keep_or_discard": N_("Card drawn: keep it or discard it"),
    "scale_choose": N_("Scale: keep one, give the other"),
    "psychic_take": N_("Psychic: take one, the rest go back in this order"),
}
"""The heading over the cards the viewer alone is looking at, by the decision they face."""
GUARD_ALL = {"ask": N_("Guard: ask"), "auto": N_("Guard: auto"), "never": N_("Guard: never")}
"""The Guard's standing order when it is the same for every animal."""
GUARD_CARD = {"ask": N_("{card} ask"), "auto": N_("{card} auto"), "never": N_("{card} never")}
"""One animal's Guard order, in the orders line's list."""
RAIN = {"ask": N_("Rain Maker: ask"), "auto": N_("Rain Maker: auto ≥{count}"), "never": N_("Rain Maker: never")}
"""The Rain Maker's standing order (``auto``: from that much sell price)."""

TABLE: dict[str, Template] = {
    "title": TITLE,
    "player": texts.PLAYER_N,
    "and": texts.AND,
    "game_over": NN_("Game over: {names} wins", "Game over: {names} win"),
    "dealing": N_("Dealing the opening hands"),
    "turn": N_("Turn {turn}: {name}'s turn"),
    "last_turn": N_("Turn {turn}: {name}'s last turn"),
    "actions_left": N_("actions: {count} left"),
    "wise_men": N_("Wise Man ×{count}"),
    "in_hand": N_("×{count} in hand"),
    "tag:winner": N_("winner"),
    "tag:left": N_("out"),
    "tag:to_move": N_("to move"),
    "tag:goal": N_("60+ gold"),
    "tag:last_turn": N_("last turn"),
    "tag:you": N_("you"),
    "known_in_hand": N_("Known in this hand: {cards}"),
    "stands": N_("Stands"),
    "no_room": N_("no room:"),
    "utilities": N_("Utilities: {count} of 3"),
    "no_utilities": N_("none in play"),
    "used": N_("USED"),
    "orders": N_("Orders · {guard} · {rain}"),
    "guard_some": N_("Guard: {cards}, others ask"),
    "deck": N_("deck"),
    "deck_count": N_("deck ({count})"),
    "empty": N_("empty"),
    "discard_count": N_("discard pile ({count})"),
    "deck_top": NN_("Top card known to {name} (Psychic)", "Top {count} cards known to {name} (Psychic)"),
    "supply": N_("Supply"),
    "high_bid": N_("High bid: {gold} gold by {name}"),
    "no_bid": N_("No bid yet"),
    "on": N_("on {target}"),
    "table:auction": N_("Auction"),
    "table:middle": N_("In the middle"),
    "table:ware_card": N_("Ware card played"),
    "table:animal": N_("Animal played"),
    "table:supplies": N_("Turned up (Supplies)"),
    "table:table": N_("On the table"),
    "final_gold": N_("Final gold: {scores}"),
    "deck_dealing": N_("The deck is dealing a card"),
    "to_move": N_("To move: {name}"),
    "kind:ware": N_("ware card"),
    "fee_note": N_("the large stand's sixth space: filling it costs 2 gold"),
    "buy": N_("Buy {count}"),
    "sell": N_("Sell {count}"),
    "hand_title": N_("{name}'s hand: {cards}, {gold} gold"),
    "cards": NN_("{count} card", "{count} cards"),
    "seen": N_("SEEN"),
    "seen_note": N_("SEEN: {name} knows this card is in your hand"),
    "no_cards": N_("No cards in hand."),
    "looking": N_("Cards you are looking at"),
    "hyena": N_("{name}'s hand (Hyena): take one card"),
    "known_cards": N_("Cards you know in {name}'s hand ({count} in all)"),
    "deck_top_mine": N_("Top of the deck, in order (your Psychic)"),
    **{f"decision:{code}": text for code, text in DECISIONS.items()},
    **{f"looking:{code}": text for code, text in LOOKING.items()},
    **{f"choice:{code}": text for code, text in CHOICES.items()},
    **{f"guard:{mode}": text for mode, text in GUARD_ALL.items()},
    **{f"guard_card:{mode}": text for mode, text in GUARD_CARD.items()},
    **{f"rain:{mode}": text for mode, text in RAIN.items()},
    **{f"ware:{ware}": text for ware, text in WARE_WORDS.items()},
    **{f"kind:{kind}": text for kind, text in KIND_WORDS.items()},
    **{f"letter:{mark}": text for mark, text in LETTERS.items()},
}


def worded(say: Say) -> dict[str, str]:
    """Every card's title ("Leopard Statue", "2 Tea + Silk") and its effect in short, in ``say``'s language."""
    names = sorted(set(CARD_ID) | set(CARD_NAMES))
    found = {f"card:{name}": card_words(name, say) for name in names}
    found |= {f"effect:{name}": effect_words(name, say) for name in names if name in CARD_ID}
    return found


__all__ = ["EFFECTS", "TABLE", "worded"]
