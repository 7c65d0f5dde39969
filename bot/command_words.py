"""The words of the slash commands, for the catalogs: names as ``/<name>``, descriptions, choices.

Generated from the command tree by ``python -m bot.command_words`` (a test checks it is up to date);
``python -m bot.catalogs`` extracts the messages below into the shared catalog, where each language
translates them (``bot.ui.translator`` gives them to Discord). A name's translation keeps its ``/``:
lowercase, at most 32 characters, no spaces, unique among its siblings.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

import engines
from bot.core.catalog import N_

WORDS = (
    N_("/cairo"),
    N_("Play Kairo"),
    N_("/new"),
    N_("Open a new Kairo game: a thread with Join / Leave / Start buttons."),
    N_("/new start"),
    N_("/reminder_hours"),
    N_("Hours before a waiting player is reminded (0: never; default: the server's, else 24)"),
    N_("/deadline_hours"),
    N_("Turn deadline in hours; then the others may skip or remove the late player (0: none; default 72)"),
    N_("/auto_skip"),
    N_("At the deadline the bot skips the late player's turn by itself (default: off)"),
    N_("/computers"),
    N_("How many computer players take a seat (default: none)"),
    N_("/level"),
    N_("How strong the computer players are (default: normal)"),
    N_("easy"),
    N_("normal"),
    N_("hard"),
    N_("/hints"),
    N_("Players may ask the computer for a hint with /bazaar hint (default: yes)"),
    N_("/language"),
    N_("The language of the game's posts (default: the server's)"),
    N_("English"),
    N_("Español"),
    N_("/join"),
    N_("Join a game that has not started yet."),
    N_("/game"),
    N_("…"),
    N_("/leave"),
    N_("Leave a game that has not started yet."),
    N_("/start"),
    N_("Start the game (its creator, or someone with Manage Server); seats are drawn at random."),
    N_("/abandon"),
    N_("End a game without scoring it (its creator, or someone with Manage Server)."),
    N_("/board"),
    N_("The current board: only to you, or with public:true back in the game's thread with its buttons."),
    N_("/public"),
    N_("/status"),
    N_("Players, scores, who is out and whose turn it is (only to you)."),
    N_("/resign"),
    N_("Leave a running game for good (or hand your seat to a computer, so the game goes on): asked first."),
    N_("/replace_with_computer"),
    N_("/games"),
    N_("This server's games of this kind that are waiting for players or running, and the last one that end…"),
    N_("/play"),
    N_("Make any legal move in the game's notation (several moves of one decision: separate them with ;)."),
    N_("/play move"),
    N_("/log"),
    N_("The game's move log, only to you (hidden details left out); a text file once the game is over."),
    N_("/page"),
    N_("/catchup"),
    N_("What happened since your last move, with the changes framed on the board (only to you)."),
    N_("/undo"),
    N_("Ask the other players to let you take back your last move (only before anything random is revealed)."),
    N_("/rules"),
    N_("This game's rules, page by page: what you need, a turn, scoring, the end, commands (only to you)."),
    N_("/topic"),
    N_("What you need"),
    N_("A turn"),
    N_("Scoring"),
    N_("The end of the game"),
    N_("Commands and buttons"),
    N_("/records"),
    N_("Leaderboard, statistics, records and replays of this game"),
    N_("/leaderboard"),
    N_("This game's leaderboard: this server's games, or every server's (only this server's players named)."),
    N_("/scope"),
    N_("server"),
    N_("everywhere"),
    N_("/stats"),
    N_("Your games, wins, rating and its chart in this game; or a member's games of it in this server."),
    N_("/user"),
    N_("/export"),
    N_("A game's record as a JSON file, only to you (a running game: its players, if nothing is hidden)."),
    N_("/replay"),
    N_("A finished game's animated replay, a frame per turn, only to you."),
    N_("/place"),
    N_("Start of the game: place a main stall and its entrance, no card needed."),
    N_("/stall"),
    N_("The colour of your main stall (the neutral stall's colour when placing it)."),
    N_("/square"),
    N_("Where the stall stands (type a column letter or a sector to narrow the list)."),
    N_("/door"),
    N_("Its entrance: a free souk square next to the stall."),
    N_("The game number (not needed inside the game's thread)."),
    N_("/build"),
    N_("Build a new main stall with its entrance, paying with building cards."),
    N_("The colour of the new main stall."),
    N_("/pay"),
    N_("The cards: one for the sector, a wildcard and a coin, or three cards."),
    N_("/move"),
    N_("Move one of your main stalls that has no extension and can never get one."),
    N_("The colour of the main stall to move."),
    N_("Its new square."),
    N_("Its new entrance."),
    N_("The cards for the new square: one for the sector, a wildcard and a coin, or three cards."),
    N_("/extend"),
    N_("Extend one of your stalls: cards for the square, then coins (the cheapest if not chosen)."),
    N_("The colour of your stall to extend."),
    N_("The free square next to it."),
    N_("/coins"),
    N_("The coins (the new size in value; other colours count 2 for 1). Default: the cheapest way."),
    N_("/attract"),
    N_("Send a customer to a free entrance of its colour; you and the stall's owner earn coins."),
    N_("/customer"),
    N_("The colour of a customer in the souk."),
    N_("/entrance"),
    N_("The free entrance it walks to (charlatans are spent to pass nearer ones)."),
    N_("/draw"),
    N_("Draw 2 cards: each a face-up card, the top card of the deck or a charlatan."),
    N_("/first"),
    N_("The first pick (or the second, when you already took one with the buttons)."),
    N_("/second"),
    N_("The second pick."),
    N_("/keep"),
    N_("Over the hand limit after drawing: the 4 building cards to keep (the others are discarded)."),
    N_("/cards"),
    N_("The 4 cards to keep, e.g. NW N C west."),
    N_("/pass"),
    N_("Final stage: stop building for good (at the start: skip a stall that has no square left)."),
    N_("/hand"),
    N_("Your building cards, coins, charlatans and medals (only you see them)."),
    N_("/jambo"),
    N_("Play Jambo"),
    N_("Open a new Jambo game: a thread with Join / Leave / Start buttons."),
    N_("Phase 1: draw a card (an action); only you see it, then keep it or discard it and draw again."),
    N_("Play a card from your hand: buy or sell with a ware card, or a person, animal or utility card."),
    N_("/card"),
    N_("The card and what you do with it (the list shows what each does)."),
    N_("/use"),
    N_("Use one of your utilities in play (each once per turn, for an action)."),
    N_("/utility"),
    N_("The utility and its choice."),
    N_("/decide"),
    N_("Answer the decision waiting for you: keep or discard, take, give, return, choose."),
    N_("/choice"),
    N_("Your answer (the list shows what is possible now)."),
    N_("/bid"),
    N_("Bid in an auction (more than the bid before; never more gold than you have)."),
    N_("/amount"),
    N_("Your bid in gold."),
    N_("Pass in an auction."),
    N_("/react"),
    N_("Answer an animal with your Guard, or a ware card with your Rain Maker — or decline."),
    N_("/answer"),
    N_("react guard, react rain maker, or decline."),
    N_("/end"),
    N_("End your turn now (2 or more actions left over earn a gold coin)."),
    N_("/orders"),
    N_("Your standing orders for reactions: ask you, answer by themselves, or never (only you see them)."),
    N_("/guard"),
    N_("When the other player plays an animal: ask me (the default), play my Guard by itself, or never."),
    N_("ask"),
    N_("auto"),
    N_("never"),
    N_("/animal"),
    N_("The order for one animal only (else for every animal)."),
    N_("ape"),
    N_("cheetah"),
    N_("crocodile"),
    N_("elephant"),
    N_("hyena"),
    N_("lion"),
    N_("parrot"),
    N_("snake"),
    N_("/rain_maker"),
    N_("After the other player's ware card: never ask me (the default), ask me, or take it by itself."),
    N_("/price"),
    N_("With rain_maker auto: only for a sale of at least this much gold."),
    N_("Your cards, and the decision waiting for you if there is one (only you see them)."),
    N_("/marrakech"),
    N_("Play Marrakech"),
    N_("Open a new Marrakech game: a thread with Join / Leave / Start buttons."),
    N_("/variant"),
    N_("/turn"),
    N_("Turn Assam (never all the way round); the bot then rolls and moves him."),
    N_("/direction"),
    N_("left"),
    N_("straight"),
    N_("right"),
    N_("Place your carpet on two squares next to Assam, e.g. c3-d3."),
    N_("/carpet"),
    N_("/morocco"),
    N_("Play Morocco"),
    N_("Open a new Morocco game: a thread with Join / Leave / Start buttons."),
    N_("/scout"),
    N_("Move the rooftop pawn to another ring space: you take its two neighbours' cubes, the others one eac…"),
    N_("/space"),
    N_("The ring space (1–5, or the colour of its cube)."),
    N_("/worker"),
    N_("Place a worker on a stall's corner, paying its row and column cubes."),
    N_("/kind"),
    N_("Assistant or bodyguard (row + column cube), tourist (+1 cube), cousin (+1 cube, then a free…"),
    N_("The stall (a1–e5); the list shows what each costs."),
    N_("The corner (nw, ne, sw, se)."),
    N_("/then"),
    N_("A cousin's free assistant: a corner of an adjacent stall at the same point."),
    N_("/cube"),
    N_("The extra cube a tourist or a cousin pays."),
    N_("/gold"),
    N_("Spend a gold coin to swap two row cubes or two column cubes (any number of times in your turn)."),
    N_("/swap"),
    N_("The two rows (rows 1 3) or columns (columns b d)."),
    N_("/die"),
    N_("The market die came up wild: take a cube of the colour you choose."),
    N_("/colour"),
    N_("The cube's colour."),
    N_("/reward"),
    N_("Your place in a stall's scoring gives gold or a bodyguard: choose."),
    N_("A gold coin or a bodyguard."),
    N_("/arrow"),
    N_("Point the arrow of your new market tile at a neighbouring stall (an open one if there is one)."),
    N_("Where the arrow points."),
    N_("/tourist"),
    N_("Your tourist moves along the arrow: choose its free space in the stall the arrow points at."),
    N_("The stall and corner, e.g. c4 nw."),
    N_("End of the round: the one cube you keep for the next round."),
    N_("No worker can be placed this turn: pass."),
    N_("/bazaar"),
    N_("Your Bazaar games and notifications, across servers"),
    N_("/notify"),
    N_("A direct message when it becomes your turn (in this server, or everywhere)."),
    N_("/setting"),
    N_("on"),
    N_("off"),
    N_("this server"),
    N_("/away"),
    N_("Pause your reminders while you are away (turn deadlines still run)."),
    N_("/layout"),
    N_("How images sent only to you are laid out: phone (default), portrait or landscape."),
    N_("/style"),
    N_("phone"),
    N_("portrait"),
    N_("landscape"),
    N_("Every game you are in, across servers: your turns first, longest-waiting first."),
    N_("/settings"),
    N_("Show or change this server's defaults for games"),
    N_("Default hours before a waiting player is reminded (0: no reminders)"),
    N_("Default turn deadline in hours (0: none)"),
    N_("/threads"),
    N_("Open each game in its own thread"),
    N_("/channel"),
    N_("The only channel where games may be started"),
    N_("/any_channel"),
    N_("Let games be started in any channel again"),
    N_("The language of new games' posts (default: the server's Discord language)"),
    N_("The server's Discord language"),
    N_("/settings board"),
    N_("How boards are drawn in games' threads (default: phone)"),
    N_("Phone: tall, large pieces and names"),
    N_("Wide: board left, panel of details right"),
    N_("/hint"),
    N_("Your three best moves now, each with its chance to win and why (only you see it)."),
    N_("A game's leaderboard: this server's games, or every server's (only this server's players named)."),
    N_("Games, wins, rating and its chart, streak, time to move: yours, or a member's games in this server."),
)


def words_of(payload: list[dict[str, Any]]) -> list[str]:
    """Every name (as ``/<name>``), description and choice name of the commands, in order, once; messages a
    game's catalog already holds (its options' descriptions) are left to it."""
    held = {message for name in engines.names() for message in _template(name)}
    found: dict[str, None] = {}
    commands = {c["name"] for c in _walk(payload) if c.get("type", SUBCOMMAND) in (SUBCOMMAND, GROUP)}

    def walk(item: dict[str, Any], parent: str | None) -> None:
        if parent is not None and item.get("type", SUBCOMMAND) not in (SUBCOMMAND, GROUP) and item["name"] in commands:
            found[f"/{parent} {item['name']}"] = None  # an option named like a command: its own name
        else:
            found[f"/{item['name']}"] = None
        if item.get("description"):
            found[item["description"]] = None
        for choice in item.get("choices") or []:
            found[str(choice["name"])] = None
        for option in item.get("options") or []:
            walk(option, item["name"])

    for command in payload:
        walk(command, None)
    return [word for word in found if word not in held]


SUBCOMMAND, GROUP = 1, 2


def _walk(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every command, subcommand and option, depth first."""
    found = []
    for item in items:
        found.append(item)
        found += _walk(item.get("options") or [])
    return found


def _template(game: str) -> list[str]:
    """The msgids of a game's template (``locale/<game>.pot``)."""
    path = Path(__file__).resolve().parent / "games" / game / "locale" / f"{game}.pot"
    if not path.is_file():
        return []
    with path.open("rb") as handle:
        return [str(m.id) for m in read_po(handle) if isinstance(m.id, str) and m.id]


def module_text(words: list[str]) -> str:
    """This module with ``WORDS`` listing ``words``."""
    lines = Path(__file__).read_text(encoding="utf-8").splitlines(keepends=True)
    start = lines.index("WORDS = (\n")
    end = lines.index(")\n", start)
    listed = [f"    N_({json.dumps(word, ensure_ascii=False)}),\n" for word in words]
    return "".join([*lines[: start + 1], *listed, *lines[end:]])


async def current_payload() -> list[dict[str, Any]]:
    """The commands as the bot builds them (without connecting to Discord), untranslated."""
    from bot.app import BazaarBot
    from bot.config import Settings

    with tempfile.TemporaryDirectory() as scratch:
        database = str(Path(scratch) / "words.db")
        bot = BazaarBot(Settings(token="", database=database, sync_commands=False, image_workers=0))
        await bot.setup_hook()
        try:
            return [command.to_dict(bot.tree) for command in bot.tree.get_commands()]
        finally:
            await bot.host.store.close()
            bot.images.close()


def main(argv: list[str] | None = None) -> int:
    """Write this module from the command tree (``--check``: exit 1 when it is out of date)."""
    check = "--check" in (argv if argv is not None else sys.argv[1:])
    text = module_text(words_of(asyncio.run(current_payload())))
    path = Path(__file__)
    if path.read_text(encoding="utf-8") == text:
        return 0
    if check:
        print(f"{path} is out of date: run python -m bot.command_words", file=sys.stderr)
        return 1
    path.write_text(text, encoding="utf-8")
    print(f"written: {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
