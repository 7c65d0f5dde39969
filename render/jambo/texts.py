"""Every card's text in short, the one table of words the Jambo images (and the bot's menu labels) show.

Card names are the engine's canonical names; ``card_title`` spells them for people ("Leopard
Statue", "2 Tea + Silk"). Ware cards have no text of their own: ``short_text`` builds theirs from
the wares and prices shown. These are labels, in English; the rules are in ``engines.jambo``.
"""

from __future__ import annotations

from engines.jambo.cards import BUY, CARD_ID, CARD_WARES, KIND, SELL, WARES

SHORT: dict[str, str] = {
    "boat": "Discard a card (hand or play): take any ware",
    "drums": "Return a ware: draw 1 card",
    "kettle": "Discard 1 or 2 cards: draw as many",
    "leopard statue": "Pay 2 gold: take any ware",
    "mask": "Before drawing: swap a hand card for the discard's top",
    "scale": "Draw 2: keep 1, give 1 to the opponent",
    "supplies": "Draw till a ware card, keep it; pay 1 gold or discard 1",
    "throne": "Take a ware of the opponent, give one of yours",
    "weapons": "Discard a card (hand or play): take 2 gold",
    "well": "Pay 1 gold: draw 1 card",
    "ape": "Both hands face up; take cards in turn, you first",
    "cheetah": "Opponent chooses: gives you 2 gold, or you draw 2",
    "crocodile": "Discard an opponent's utility; use it once, free",
    "elephant": "All wares to the middle; take in turn, you first",
    "hyena": "See the opponent's hand: take a card, give one",
    "lion": "Face-up utilities to the middle; take in turn",
    "parrot": "Take a ware from the opponent",
    "snake": "Both keep 1 face-up utility, discard the rest",
    "arabian merchant": "Turn up 3 cards; auction them, you open at 1",
    "basket maker": "Pay 2 gold: take 2 wares of one kind",
    "carrier": "2 wares of a kind or 2 cards; opponent the other",
    "dancer": "Play a 3-ware card, return any 3 wares: its sell price",
    "drummer": "Take a utility from the discard pile",
    "guard": "Opponent's turn: cancel an animal (no action)",
    "rain maker": "Opponent's turn: take the ware card just played",
    "shaman": "Trade all of one ware for as many of another",
    "traveling merchant": "Auction 2 wares of the supply; you open at 1",
    "tribal elder": "Opponent discards to 3, or you draw to 5",
    "portuguese": "Sell any wares to the bank, 2 gold each",
    "psychic": "See the deck's top 6: take 1, put 5 back",
    "wise man": "This turn ware cards buy 2 less, sell 2 more",
    "small stand": "3 more ware spaces (6 gold first, then 3)",
}


def card_title(name: str) -> str:
    """A card's name for people: "Leopard Statue", "2 Tea + Silk"."""
    return " ".join(word.capitalize() if word.isalpha() else word for word in name.split())


def ware_summary(name: str) -> str:
    """What a ware card shows: "2 tea, silk"."""
    counts = CARD_WARES[CARD_ID[name]]
    return ", ".join(f"{n} {WARES[w]}" if n > 1 else WARES[w] for w, n in enumerate(counts) if n)


def short_text(name: str) -> str:
    """A card's effect in a few words; for a ware card its wares and prices."""
    card = CARD_ID[name]
    if KIND[card] == "ware":
        return f"{ware_summary(name)}: buy {BUY[card]}, sell {SELL[card]}"
    return SHORT[name]


def kind_of(name: str) -> str:
    return KIND[CARD_ID[name]]


def ware_counts(name: str) -> tuple[list[str], int, int]:
    """A ware card's wares (one name per token), buy and sell prices."""
    card = CARD_ID[name]
    return [WARES[w] for w, n in enumerate(CARD_WARES[card]) for _ in range(n)], BUY[card], SELL[card]


DECISION_LABELS: dict[str, str] = {
    "draw_or_play": "draw or play",
    "play": "play cards or end",
    "keep_or_discard": "keep or discard the card drawn",
    "react_guard": "Guard against the animal?",
    "react_rain_maker": "Rain Maker on the ware card?",
    "scrap": "discard a card",
    "boat_take": "take a ware",
    "kettle_discard": "discard for the Kettle",
    "scale_choose": "keep one card, give one",
    "supplies_pay": "pay 1 gold or discard",
    "crocodile_use": "use the eaten utility?",
    "ape_pick": "take a card",
    "elephant_pick": "take a ware",
    "lion_pick": "take a utility",
    "lion_trim": "discard down to 3 utilities",
    "snake_keep": "keep one utility",
    "cheetah_choice": "give 2 gold or let draw 2",
    "hyena_take": "take a card from the hand",
    "hyena_give": "give a card back",
    "carrier_take": "take 2 wares of a kind",
    "bid_open": "open the auction",
    "bid_raise": "bid more or pass",
    "elder_discard": "discard down to 3 cards",
    "overflow_return": "return wares (no room)",
    "dancer_return": "return wares for the Dancer",
    "portuguese_return": "sell wares, 2 gold each",
    "psychic_take": "take one of the cards seen",
}
"""What the seat to move is deciding, in a few words for the picture (the bot words it in full)."""
