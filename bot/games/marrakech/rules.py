"""Marrakech's quick reference for ``/marrakech rules``: the pages, and the examples they quote.

Discord-free; shown by ``bot.features.rules`` through ``bot.core.rules``. It follows
``docs/rules/marrakech.md`` (the player's guide); each example names the engine moves it stands for, so
a test checks that the engine accepts them.
"""

from __future__ import annotations

from bot.core.catalog import N_
from bot.core.rules import Example, GameRules

RULES = GameRules(
    players=2,
    examples={
        "new": Example("/marrakech new"),
        "variant": Example("/marrakech new variant:true"),
        "turn": Example("/marrakech turn direction:left", ("left",)),
        "place": Example("/marrakech place carpet:b4-c4", ("place b4-c4",)),
        "play": Example("/marrakech play move:right", ("right",)),
        "board": Example("/marrakech board"),
        "status": Example("/marrakech status"),
        "log": Example("/marrakech log"),
        "catchup": Example("/marrakech catchup"),
        "undo": Example("/marrakech undo"),
        "resign": Example("/marrakech resign"),
    },
    pages={
        "setup": (
            N_(
                "You are carpet merchants in the market of Marrakech: lay your carpets where Assam, the market "
                "inspector, will stop, make the others pay when he stops on yours, and end with the most dirhams "
                "and visible carpet squares. 2 to 4 players."
            ),
            N_(
                "**What you need**: the market, 7×7 squares (columns a–g west to east, rows 1–7 north to south); "
                "Assam, who starts on the centre square d4 facing north; a die with faces 1, 2, 2, 3, 3, 4; "
                "30 dirhams each; carpets: 15 each with 3 players, 12 each with 4. With 2 players each has two "
                "colours, 12 carpets of each, mixed in one pile: the colour of your next carpet is drawn at random."
            ),
            N_(
                "**Setup**: {new} opens a game with Join / Leave / Start buttons; the creator presses Start and the "
                "bot draws the seat order. The first seat starts; play goes in seat order."
            ),
        ),
        "turn": (
            N_(
                "1. **Turn Assam**: a quarter turn left or right, or keep him straight — never all the way round. "
                "Example: {turn}."
            ),
            N_(
                "2. **The die** is rolled by the bot and Assam walks that many squares straight ahead. Off the edge "
                "he follows the arc on the border back into the market (that step counts as one); the corner arcs "
                "at g1 and a7 only turn him."
            ),
            N_(
                "3. **Tribute**: if he stops on another merchant's carpet, you pay them 1 dirham per square of "
                "that colour joined to his square side by side (his square included). Nothing on an empty square, "
                "your own carpet or a neutral carpet. Who cannot pay it all pays what they have and is out."
            ),
            N_(
                "4. **Lay a carpet** on two squares side by side, at least one of them next to Assam's square "
                "(never his square). You may cover halves of other carpets, but never both visible halves of one "
                "carpet of another merchant at once. Example: {place}."
            ),
            N_("**Variant** ({variant}): roll, walk, tribute, lay your carpet, then turn Assam for the next merchant."),
        ),
        "scoring": (
            N_(
                "**Tribute** moves dirhams from one merchant to another during the game: the larger your joined "
                "areas of one colour, the more Assam costs whoever stops on them."
            ),
            N_(
                "**At the end**, your score is your dirhams plus your visible carpet squares (with 2 players, the "
                "squares of both your colours; each colour is its own area for tribute). A merchant who is out "
                "scores only their dirhams and cannot win; their carpets stay as neutral carpets."
            ),
            N_("The highest score wins; on a tie, more dirhams wins; still tied, the win is shared."),
        ),
        "end": (
            N_(
                "The game ends when the last carpet is laid, or when only one merchant is still in (that merchant "
                "wins). Then the bot posts the final scores and archives the game's thread."
            ),
            N_(
                "Leaving with {resign} puts you out like a merchant who could not pay: your carpets become "
                "neutral, and the others play on while two or more are in."
            ),
        ),
        "commands": (
            N_(
                "**Buttons under the board**: Turn left, Straight on, Turn right for Assam, then a menu of the legal "
                "carpets. The same with commands: {turn}, {place} (the carpet option lists the legal squares as "
                "you type). Any move in the notation: {play}."
            ),
            N_(
                "**Looking**: {board} (only to you; public:true posts it in the thread), {status}, {log}, "
                "{catchup} (what happened since your last move)."
            ),
            N_(
                "**Changing your mind**: {undo} asks the others to let you take back your carpet, until the next "
                "merchant turns Assam (a die roll is never taken back). **Leaving**: {resign}."
            ),
            N_(
                "Squares are a column a–g and a row 1–7: d4 is the centre, a1 the north-west corner. Inside the "
                "game's thread the commands act on its game; elsewhere add game:<number>."
            ),
        ),
    },
)
