"""Morocco's quick reference for ``/morocco rules``: the pages, and the examples they quote.

Discord-free; shown by ``bot.features.rules`` through ``bot.core.rules``. It follows
``docs/rules/morocco.md`` (the player's guide); each example names the engine moves it stands for, so
a test checks that the engine accepts them.
"""

from __future__ import annotations

from bot.core.catalog import N_
from bot.core.rules import Example, GameRules

RULES = GameRules(
    players=3,
    examples={
        "new": Example("/morocco new"),
        "scout": Example("/morocco scout space:3", ("scout 3",)),
        "assistant": Example("/morocco worker kind:assistant stall:c3 space:ne", ("assistant c3 ne",)),
        "tourist": Example("/morocco worker kind:tourist stall:d4 space:nw cube:green", ("tourist d4 nw cube green",)),
        "gold": Example("/morocco gold swap:rows 1 3", ("swap rows 1 3",)),
        "cousin": Example(
            "/morocco worker kind:cousin stall:c3 space:ne then:d3 nw cube:orange",
            ("cousin c3 ne then d3 nw cube orange",),
        ),
        "die": Example("/morocco die colour:purple", ("wild purple",)),
        "reward": Example("/morocco reward choice:gold", ("reward gold",)),
        "arrow": Example("/morocco arrow direction:north", ("arrow north",)),
        "move_tourist": Example("/morocco tourist space:c4 nw", ("tourist to c4 nw",)),
        "keep": Example("/morocco keep colour:green", ("keep green",)),
        "pass": Example("/morocco pass", ("pass",)),
        "board": Example("/morocco board"),
        "log": Example("/morocco log"),
        "catchup": Example("/morocco catchup"),
        "undo": Example("/morocco undo"),
    },
    pages={
        "setup": (
            N_(
                "You send workers to the stalls of a Moroccan market, paying with coloured cubes, to win stalls, "
                "juice tokens and points. 2 to 5 players."
            ),
            N_(
                "**What you need**: a market of 5×5 stalls (columns a–e, rows 1–5), each with four corner spaces "
                "(nw, ne, sw, se); 36 face-up juice seller tokens (worth 2, 3 or 4) on the crossings between "
                "stalls; information cubes in five colours (orange, black, purple, green, brown): one colour on "
                "each row, each column and each of the 5 spaces of the rooftop ring, around the scout pawn."
            ),
            N_(
                "Each player: 12 assistants, 2 tourists, 2 cousin tokens, 12 market tiles, and 2 bodyguards "
                "waiting in the guards' quarters. No cubes, no gold yet. **Setup**: {new}; the bot deals the "
                "tokens and cubes and draws the start player."
            ),
        ),
        "turn": (
            N_(
                "A round: 1. **Market die** (2–3 players): everyone takes a cube of the colour rolled; wild: each "
                "chooses ({die}). 2. **Scouting**: each moves the pawn to another ring space and takes the cubes "
                "of the two spaces beside it; everyone else takes one cube of the space's colour. {scout}"
            ),
            N_(
                "3. **Workers**: each player places a worker, then everyone a second one. A worker on a free "
                "corner of an open stall costs a cube of that stall's row colour and one of its column colour. "
                "Assistant or bodyguard: those two cubes ({assistant}); tourist: one more cube of any colour "
                "({tourist}); cousin: a cousin token and a tourist's price, for an assistant plus a free one on "
                "a neighbouring stall at the same corner point. Before placing, gold swaps two row or two column "
                "cubes ({gold}). No worker fits: {pass}."
            ),
            N_(
                "4. **Round end**: the start player passes on, each keeps one cube ({keep}), the rest go back. "
                "A stall with 4 (bodyguards count 2, arrows pointing at it count too) is **full** and scores at "
                "once."
            ),
        ),
        "scoring": (
            N_(
                "**A full stall**: 1st by workers 5 points and their market tile on it (tied 1st: 5 each, an "
                "empty-stall tile); 2nd 2 points, a gold coin and a bodyguard (tied 2nd: 1 point and gold or a "
                "bodyguard each); 3rd 1 point and gold or a bodyguard ({reward}). Every worker takes the juice "
                "token at its corner, face down."
            ),
            N_(
                "The tile's owner points its arrow at a neighbouring stall, an open one if there is one ({arrow}); "
                "the stall's tourists move along it to free spaces there ({move_tourist}), where each is swapped "
                "for its owner's assistant; an arrow at a closed stall: the tourist just leaves the game. You "
                "never hold more than 3 gold coins."
            ),
            N_(
                "**At the end**: points + your juice tokens + 1 per gold coin + 3 per stall in your largest "
                "group of market tiles joined side by side. Most points wins; on a tie, more stalls claimed; "
                "still tied, a shared win."
            ),
        ),
        "end": (
            N_(
                "When a stall closes and leaves 5 or fewer open stalls, the round in progress is the last: it is "
                "finished, then the game ends and is scored. If the last stall closes, the game ends right after "
                "it scores."
            ),
        ),
        "commands": (
            N_(
                "**Your turn**: {scout}, {assistant}, {tourist}, {cousin}, {gold} (two rows or two columns), "
                "{pass}. Each option lists only what is legal and affordable now, with what it costs."
            ),
            N_(
                "**Other decisions** (buttons or a menu under the board): {die}, {reward}, {arrow}, "
                "{move_tourist} (a stall and corner), {keep}. The bot decides for you when there is one choice."
            ),
            N_("**Looking**: {board}, {log}, {catchup}. **Changing your mind**: {undo}."),
        ),
    },
)
