"""Boards a screen reader can speak: every image the bot posts carries alt text (Discord's attachment
``description``), kept by the fake Discord, and every board post says the standings as text.

For each game: the first board's alt text names the game, the player to move and what they decide, and the
standings (each seat's name and score as the game counts it); its text has the standings line with the player to
move marked. A private hand image's alt text names the cards its owner holds (Kairo, Jambo). After a resignation, the
final board's alt text names the winner. A Spanish game's alt text is Spanish. A source check holds every
``discord.File`` the bot builds to a description.
"""

from __future__ import annotations

import ast
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from e2e import boards, open_game, settled, to_move
from languages import english_in
from sources import syntax

from bot.core.played import Played
from bot.core.text import ALT_LIMIT
from bot.core.wording import say_for
from bot.games.cairo.words import card_words as cairo_card
from bot.games.jambo.words import card_words as jambo_card
from offline.fakediscord.state import Channel, Message, User
from offline.sandbox import Sandbox

BOT = Path(__file__).resolve().parent.parent / "bot"
GAMES = ("marrakech", "cairo", "morocco", "jambo")


@pytest.fixture
async def box(tmp_path: Path) -> AsyncIterator[Sandbox]:
    sandbox = Sandbox(tmp_path / "bazaar.db", rng=random.Random(11))
    await sandbox.start()
    try:
        yield sandbox
    finally:
        await sandbox.stop()


async def played_of(box: Sandbox, game_id: int) -> Played:
    assert box.bot is not None
    return await box.bot.host.snapshot(game_id)


def board_alt(message: Message) -> str:
    """The alt text of a board post's one image."""
    (name, alt), *others = message.alt_texts.items()
    assert not others and name.endswith(".png"), message.alt_texts
    assert alt, f"{name} has no alt text"
    assert len(alt) <= ALT_LIMIT
    return alt


async def resign(box: Sandbox, thread: Channel, game: str, user: User) -> None:
    asked = await settled(box.fake.slash(user, thread, f"{game} resign"))
    confirm = next(c for c in asked.message.button_ids if c.startswith("bz:rs:"))
    await (await box.fake.click(user, asked.message, confirm)).done()
    await box.settle()


async def check_hand(box: Sandbox, thread: Channel, game: str, game_id: int, user: User) -> None:
    """``/<game> hand``: the private image's alt text names every card ``user`` holds, as the game words it; their
    private board's too."""
    played = await played_of(box, game_id)
    seat = played.seat_of(user.id)
    assert seat is not None
    say = say_for(game, tuple(played.names))
    hand = played.view(seat).details["players"][seat]["hand"]
    assert hand
    words = cairo_card if game == "cairo" else jambo_card
    it = await settled(box.fake.slash(user, thread, f"{game} hand"))
    assert it.ephemeral
    (name, alt), *others = it.alt_texts.items()
    assert not others and name.endswith("-hand.png") and alt
    assert alt.startswith(f"Your private view of {say.title()} #{game_id}"), alt
    for card in hand:
        assert words(card, say) in alt, (card, alt)
    it = await settled(box.fake.slash(user, thread, f"{game} board"))
    (_, alt), *_ = it.alt_texts.items()
    assert alt and words(hand[0], say) in alt and "Standings: " in alt


@pytest.mark.parametrize(
    "game",
    # the quick run: a game with a private hand (Jambo) and one without (Marrakech); every game in the full run
    [pytest.param(game, marks=[] if game in ("jambo", "marrakech") else [pytest.mark.slow]) for game in GAMES],
)
async def test_board_alt_text_names_the_player_to_move_the_standings_and_at_the_end_the_winner(
    box: Sandbox, game: str
) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    game_id, thread = await open_game(box, game, ana, [ben])
    await box.settle()
    first = boards(box, thread)[-1]
    played = await played_of(box, game_id)
    say = say_for(game, tuple(played.names))
    view = played.view(None)
    mover = played.to_move
    assert mover is not None and mover >= 0
    alt = board_alt(first)
    title = f"{say.title()} #{game_id}"
    assert alt.startswith(f"The board of {title}."), alt
    decision = say.decision(view.decision).replace("`", "") if view.decision else ""
    assert f"Waiting for {played.names[mover]}: {decision}" in alt
    for seat, name in enumerate(played.names):  # each seat with its standing as the game counts it
        standing = say.standing(view, seat)
        assert standing and f"{name}: {standing}" in alt, (name, standing, alt)
    assert f"{played.names[mover]}: {say.standing(view, mover)} (to move)" in alt
    assert "What changed: The game begins!" in alt
    # the post's text says the standings too, the player to move marked, and pings only them, as before
    line = next(line for line in first.content.splitlines() if line.startswith("Standings: "))
    assert f"{played.names[mover]}: {say.standing(view, mover)} (to move)" in line
    assert all(name in line for name in played.names)
    assert to_move(box, first) is not None and len(first.mentions) == 1
    assert len(first.content) <= 2000
    if game in ("cairo", "jambo"):  # the games with a private hand image
        await check_hand(box, thread, game, game_id, ben)

    # the player not to move resigns: the game is over, the other wins, and the final board's alt text says so
    quitter = next(u for u in (ana, ben) if u.id != played.user_of(mover))
    await resign(box, thread, game, quitter)
    final = boards(box, thread)[-1]
    assert final.id != first.id
    over = await played_of(box, game_id)
    assert over.game.status == "finished" and over.outcome is not None
    final_alt = board_alt(final)
    winner = played.names[mover]
    assert final_alt.startswith(f"The final board of {title}. Game over"), final_alt
    assert f"Winner: {winner}" in final_alt
    assert "Standings: " not in final.content, "the final scores say it"


async def test_a_spanish_game_speaks_spanish_in_its_alt_text(tmp_path: Path) -> None:
    box = Sandbox(tmp_path / "es.db", rng=random.Random(5), locale="es-ES", guild_locale="es-ES")
    await box.start()
    try:
        ana, ben = box.user("ana"), box.user("ben")
        await settled(box.fake.slash(ana, box.channel, "jambo new", {}))
        thread = box.fake.threads(box.channel)[-1]
        game_id = int(thread.name.rsplit("#", 1)[1])
        for user, action in ((ben, "join"), (ana, "start")):  # the lobby's buttons, by what they do (in Spanish)
            lobby = box.fake.messages(thread)[0]
            clicked = next(c for c in lobby.button_ids if c.endswith(f":{action}"))
            await (await box.fake.click(user, lobby, clicked)).done()
        await box.settle()
        played = await played_of(box, game_id)
        alt = board_alt(boards(box, thread)[-1])
        mover = played.names[played.to_move or 0]
        assert alt.startswith(f"El tablero de Jambo #{game_id}. Esperando a {mover}: "), alt
        assert "Clasificación: " in alt and "de oro (le toca)" in alt and "Qué ha cambiado: " in alt
        assert not english_in(alt), english_in(alt)
        assert any(line.startswith("Clasificación: ") for line in boards(box, thread)[-1].content.splitlines())
        it = await settled(box.fake.slash(ana, thread, "jambo hand"))
        (_, hand_alt), *_ = it.alt_texts.items()
        assert hand_alt and hand_alt.startswith(f"Tu vista privada de Jambo #{game_id}") and "Tu mano, " in hand_alt
        assert not english_in(hand_alt), english_in(hand_alt)
    finally:
        await box.stop()


def test_every_file_the_bot_builds_has_a_description() -> None:
    """A source check over ``bot/``: each ``discord.File(...)`` names ``description=`` (its alt text)."""
    missing = []
    for path in sorted(BOT.rglob("*.py")):
        source = path.read_text()
        for call in ast.walk(syntax(path)):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)):
                continue
            if call.func.attr != "File" or ast.unparse(call.func.value) != "discord":
                continue
            if not any(k.arg == "description" for k in call.keywords):
                missing.append(f"{path.relative_to(BOT.parent)}:{call.lineno} {ast.get_source_segment(source, call)}")
    assert not missing, "\n".join(missing)
