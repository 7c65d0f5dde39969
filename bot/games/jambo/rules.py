"""Jambo's quick reference for ``/jambo rules``: the pages, and the examples they quote.

Discord-free; shown by ``bot.features.rules`` through ``bot.core.rules``. It follows
``docs/rules/jambo.md`` (the player's guide); each example names the engine moves it stands for, so a
test checks that the engine accepts them. Jambo's option values are whole moves (the autocomplete
offers them), so the examples show them that way.
"""

from __future__ import annotations

from bot.core.catalog import N_
from bot.core.rules import Example, GameRules

RULES = GameRules(
    players=2,
    examples={
        "new": Example("/jambo new"),
        "draw": Example("/jambo draw", ("draw",)),
        "keep": Example("/jambo decide choice:keep", ("keep",)),
        "buy": Example("/jambo play card:buy 3 silk", ("buy 3 silk",)),
        "sell": Example("/jambo play card:sell 3 silk", ("sell 3 silk",)),
        "stand": Example("/jambo play card:play small stand", ("play small stand",)),
        "utility": Example("/jambo play card:play boat", ("play boat",)),
        "use": Example("/jambo use utility:use boat", ("use boat",)),
        "end": Example("/jambo end", ("end",)),
        "bid": Example("/jambo bid amount:3", ("bid 3",)),
        "pass": Example("/jambo pass", ("pass",)),
        "react": Example("/jambo react answer:react guard", ("react guard",)),
        "decline": Example("/jambo react answer:decline", ("decline",)),
        "orders": Example("/jambo orders guard:auto"),
        "hand": Example("/jambo hand"),
        "board": Example("/jambo board"),
        "log": Example("/jambo log"),
        "catchup": Example("/jambo catchup"),
    },
    pages={
        "setup": (
            N_(
                "Two traders at an African market buy wares cheap and sell them dear, helped by people, animals "
                "and utilities. The first to 60 gold sets the end. 2 players."
            ),
            N_(
                "**What you need**: a deck of 110 cards (5 small stands, 40 ware cards, 22 utilities, 29 people, "
                "14 animals), shuffled; wares — trinkets, hides, tea, silk, fruit, salt — 6 tokens of each, no "
                "more; gold without limit. Each player: a large stand of 6 spaces, 20 gold and 5 cards."
            ),
            N_(
                "**Setup**: {new}, the other player joins, Start; the bot deals. Your hand is yours alone: "
                "{hand} shows it."
            ),
        ),
        "turn": (
            N_("A turn has **5 actions**, in two phases."),
            N_(
                "**Phase 1, drawing**: {draw} (1 action) shows you the deck's top card. Keep it ({keep}) and go "
                "on to phase 2, or discard it and draw again; you keep only the last card looked at. You may "
                "skip phase 1: playing a card from your hand starts phase 2."
            ),
            N_(
                "**Phase 2, playing cards** (1 action each unless the card says otherwise): buy with a ware card, "
                "paying its price and taking every ware it shows ({buy}); sell the wares it shows for its price "
                "({sell}); a small stand, 3 more spaces (the first in the game costs 6 gold, later ones 3: "
                "{stand}); a person or an animal, which does what its card says; a utility ({utility}), which "
                "stays in play (at most 3) and is used once per turn for an action ({use}). Filling the sixth "
                "space of the large stand costs 2 gold."
            ),
            N_(
                "**End of the turn**: {end}, or it ends when the fifth action is spent. With 2 or more actions "
                "unused you take 1 gold."
            ),
        ),
        "scoring": (
            N_(
                "Gold is all that counts: you earn it selling wares, with some cards, and with 1 gold for a turn "
                "ended with 2 or more actions unused. Auction cards sell a lot to the higher bidder ({bid}, "
                "{pass}); nobody bids more gold than they have."
            ),
            N_(
                "An animal can be stopped with a Guard and another player's ware card taken with a Rain Maker: "
                "{react}, {decline}. Your standing orders decide whether the game waits for your answer: {orders}."
            ),
        ),
        "end": (
            N_(
                "A player who ends their own turn with **60 gold or more** triggers the end: the other plays one "
                "last full turn. Then the other wins with as much gold or more; otherwise the one who triggered "
                "the end wins. Gold reached during a turn counts only at the end of one's own turn."
            ),
        ),
        "commands": (
            N_(
                "**Your turn**: {draw}, then {keep}; {buy}, {sell}, {stand}, {utility}, {use}, {end}. Each option "
                "lists what is possible now, worded as what it does."
            ),
            N_(
                "**Decisions** come to you alone, as buttons under your private reply; {hand} brings them back. "
                "Auctions: {bid} or {pass} (also a menu under the board). Answers: {react}, {decline}."
            ),
            N_("**Looking**: {hand}, {board}, {log}, {catchup}. Standing orders: {orders}."),
        ),
    },
)
