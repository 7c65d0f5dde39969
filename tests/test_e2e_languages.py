"""Every player in their own language: a game's public posts in the game's language, private replies in the
reader's Discord language, DMs in the recipient's last seen one (``bot.core.language``)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

from e2e import answer, boards, pixels, press_something, settled, to_move
from languages import english_in

import render
from bot import command_words
from bot.command_words import module_text, words_of
from bot.core.catalog import load
from bot.core.language import NAME, command_name, from_locale, game_language, local_commands
from bot.core.pictures import picture_words
from offline.fakediscord.state import Channel, Interaction, Message, User, walk_components
from offline.sandbox import Sandbox


def leaks(message: Message) -> list[str]:
    """English in a message: its text, its images' alt text, and its buttons' labels and menus' options."""
    found = english_in(message.content)
    for alt in message.alt_texts.values():
        found += english_in(alt or "")
    for component in walk_components(message.components):
        for text in (component.get("label"), component.get("placeholder")):
            if text:
                found += english_in(text, label=True)
        for option in component.get("options") or []:
            found += english_in(option.get("label", ""), label=True)
            found += english_in(option.get("description", "") or "")
    return found


def public(box: Sandbox, thread: Channel) -> Iterable[Message]:
    yield from box.fake.messages(box.channel)
    yield from box.fake.messages(thread)


def check_limits(message: Message) -> None:
    assert len(message.content) <= 2000
    for component in walk_components(message.components):
        assert len(component.get("label") or "") <= 80, component
        for option in component.get("options") or []:
            assert len(option["label"]) <= 100 and len(option.get("description") or "") <= 100, option


def click_id(message: Message, action: str) -> str:
    return next(c for c in message.button_ids if c.endswith(f":{action}"))


async def spanish_sandbox(database_url: str) -> Sandbox:
    box = Sandbox(database_url, rng=random.Random(5), locale="es-ES", guild_locale="es-ES")
    return await box.start()


async def open_mixed_game(box: Sandbox, options: dict | None = None) -> tuple[Channel, dict[str, Interaction]]:
    """ana (es-ES) opens Marrakech, ben (es-419) and cy (en-US) join, ana starts."""
    ana, ben, cy = box.user("ana"), box.user("ben", locale="es-419"), box.user("cy", locale="en-US")
    replies: dict[str, Interaction] = {}
    opened = await settled(box.fake.slash(ana, box.channel, "marrakech new", options or {}))
    assert not opened.ephemeral
    thread = box.fake.threads(box.channel)[-1]
    lobby = box.fake.messages(thread)[0]
    for name, user in (("ben", ben), ("cy", cy)):
        it = await box.fake.click(user, lobby, click_id(lobby, "join"))
        await it.done()
        replies[name] = it
    replies["cy_status"] = await settled(box.fake.slash(cy, thread, "marrakech status", {}))
    replies["ben_status"] = await settled(box.fake.slash(ben, thread, "marrakech status", {}))
    start = await box.fake.click(ana, box.fake.messages(thread)[0], click_id(box.fake.messages(thread)[0], "start"))
    await start.done()
    await box.settle()
    return thread, replies


def test_languages_are_chosen_from_locales() -> None:
    assert from_locale("es-ES") == from_locale("es-419") == "es"
    assert from_locale("pt-BR") == from_locale(None) == from_locale("en-GB") == "en"
    assert game_language(None, None, "es-ES") == "es"
    assert game_language(None, "en", "es-ES") == "en", "the server's setting beats its Discord language"
    assert game_language("es", "en", "en-US") == "es", "the creator's choice beats the server's setting"
    assert game_language(None, None, None) == "en"
    assert local_commands("con `/marrakech place carpet:c3-d3` o `/{command} join`", "es") == (
        "con `/marrakech colocar alfombra:c3-d3` o `/{command} unirse`"
    )
    assert local_commands("usa /bazaar away off, luego", "es") == "usa /bazaar ausente off, luego"
    assert local_commands("`/cairo build stall:red square:e5 door:e6 pay:W`", "es") == (
        "`/cairo construir puesto:red casilla:e5 entrada:e6 pagar:W`"
    )
    assert local_commands("`/marrakech place`", "en") == "`/marrakech place`"
    assert local_commands("`/cairo play move:pass`, `/cairo move stall:red`", "es") == (
        "`/cairo jugar jugada:pass`, `/cairo mover puesto:red`"
    ), "an option named like a command has its own name"


async def test_a_spanish_server_plays_in_spanish_and_an_english_player_reads_english_privately(
    database_url: str,
) -> None:
    box = await spanish_sandbox(database_url)
    try:
        thread, replies = await open_mixed_game(box)
        rng = random.Random(3)
        for _ in range(6):
            board = boards(box, thread)[-1]
            it = await press_something(box, board, rng)
            await it.done()
            await box.settle()
        for message in public(box, thread):
            check_limits(message)
            assert not leaks(message), (message.content, leaks(message))
        assert "Idioma: Español" in box.fake.messages(thread)[0].content
        assert "Marrakech" in boards(box, thread)[-1].content
        for interaction in box.fake.world.interactions.values():
            user = box.fake.world.users[interaction.user_id]
            texts = [m for m in [interaction.message, *interaction.followups] if m is not None and m.ephemeral]
            for message in texts:
                check_limits(message)
                if user.locale.startswith("es"):
                    assert not leaks(message), (user.name, message.content, leaks(message))
        assert "You joined" in replies["cy"].content, replies["cy"].content
        assert not english_in(replies["ben"].content) and replies["ben"].content
        assert english_in(replies["cy_status"].content) or "Waiting" in replies["cy_status"].content
        assert not english_in(replies["ben_status"].content)
        await the_pictures_are_in_their_readers_language(box, thread)
        assert not box.fake.errors
    finally:
        await box.stop()


async def the_pictures_are_in_their_readers_language(box: Sandbox, thread: Channel) -> None:
    """A board answered privately is drawn in its reader's language (cy's English, ana's Spanish); a board cy posts
    publicly in the game's (Spanish)."""
    assert box.bot is not None
    played = await box.bot.host.snapshot(int(thread.name.rsplit("#", 1)[1]))
    words = {spoken: picture_words("marrakech", spoken) for spoken in ("en", "es")}
    for name, spoken in (("cy", "en"), ("ana", "es")):
        user = box.user(name)
        status = await settled(box.fake.slash(user, thread, "marrakech board", {}))
        layout = await box.bot.schedule.image_layout(user.id)
        drawn = render.render_board(played.view(played.seat_of(user.id)), layout=layout, words=words[spoken])
        assert status.files and status.files[0][1] == drawn, f"{name}'s board is not in {spoken}"
    posted = len(boards(box, thread))
    await settled(box.fake.slash(box.user("cy"), thread, "marrakech board", {"public": True}))
    await box.settle()
    (_, png), *_ = boards(box, thread)[posted:][-1].files
    view = played.view(None)
    drawn = {spoken: [render.render_board(view, layout=shape, words=table) for shape in render.LAYOUTS]
             for spoken, table in words.items()}  # fmt: skip
    posted_pixels = pixels(png)
    assert any(pixels(d) == posted_pixels for d in drawn["es"]), "the board posted in the thread is not in Spanish"
    english = [pixels(d) for d in drawn["en"]]
    spanish_only = [p for p in (pixels(d) for d in drawn["es"]) if p not in english]
    assert spanish_only, "some layout of the board draws words, which differ between the languages"


async def test_language_at_new_overrides_the_server(database_url: str) -> None:
    box = await spanish_sandbox(database_url)
    try:
        ana = box.user("ana")
        opened = await settled(box.fake.slash(ana, box.channel, "marrakech new", {"language": "en"}))
        lobby = box.fake.messages(box.fake.threads(box.channel)[-1])[0]
        assert "waiting for players" in lobby.content and "Language: English" in lobby.content
        assert "opened" in opened.content
        assert any(c.get("label") == "Join" for c in walk_components(lobby.components))
    finally:
        await box.stop()


async def test_the_server_setting_overrides_its_discord_language(database_url: str) -> None:
    box = await spanish_sandbox(database_url)
    try:
        admin = box.user("boss", manage_guild=True)
        it = await settled(box.fake.slash(admin, box.channel, "bazaar settings", {"language": "en"}))
        assert it.ephemeral and "English" in it.content and not english_in(it.content)
        await settled(box.fake.slash(box.user("ana"), box.channel, "marrakech new", {}))
        lobby = box.fake.messages(box.fake.threads(box.channel)[-1])[0]
        assert "Language: English" in lobby.content
        it = await settled(box.fake.slash(admin, box.channel, "bazaar settings", {"language": "discord"}))
        await settled(box.fake.slash(box.user("ana"), box.channel, "marrakech new", {}))
        lobby = box.fake.messages(box.fake.threads(box.channel)[-1])[0]
        assert "Idioma: Español" in lobby.content
    finally:
        await box.stop()


async def test_an_english_server_plays_in_english_by_default(sandbox: Sandbox) -> None:
    await settled(sandbox.fake.slash(sandbox.user("ana", locale="es-ES"), sandbox.channel, "marrakech new", {}))
    lobby = sandbox.fake.messages(sandbox.fake.threads(sandbox.channel)[-1])[0]
    assert "Language: English" in lobby.content


async def test_a_dm_is_in_its_recipients_last_seen_language(database_url: str) -> None:
    box = await spanish_sandbox(database_url)
    try:
        ana, cy = box.user("ana"), box.user("cy", locale="en-US")
        it = await settled(box.fake.slash(cy, box.channel, "bazaar notify", {"setting": "on"}))
        assert "DM" in it.content
        opened = await settled(box.fake.slash(ana, box.channel, "marrakech new", {}))
        assert not opened.ephemeral
        thread = box.fake.threads(box.channel)[-1]
        lobby = box.fake.messages(thread)[0]
        await (await box.fake.click(cy, lobby, click_id(lobby, "join"))).done()
        await (await box.fake.click(ana, box.fake.messages(thread)[0], click_id(lobby, "start"))).done()
        await box.settle()
        rng = random.Random(1)
        prompt = boards(box, thread)[-1]
        mover = to_move(box, prompt)
        for _ in range(12):  # steps inside a turn are answered privately: the board comes once the turn passes
            if box.fake.dms(cy):
                break
            prompt = await answer(box, thread, prompt, rng, mover)
            if not prompt.ephemeral:
                mover = to_move(box, prompt)
            await box.settle()
        dms = box.fake.dms(cy)
        assert dms and "your turn" in dms[-1].content, [m.content for m in dms]
    finally:
        await box.stop()


async def test_a_players_language_change_is_kept_across_a_restart(database_url: str) -> None:
    """The bot reads the stored languages when it starts (so a restart writes nobody's again); a player whose
    client speaks another language since is still written, and their DMs follow: read before and after."""
    box = await spanish_sandbox(database_url)
    try:
        cy = box.user("cy", locale="en-US")
        await settled(box.fake.slash(cy, box.channel, "bazaar notify", {"setting": "on"}))
        assert box.bot is not None and await box.bot.host.schedule.language_of(cy.id) == "en"
        await box.restart_bot()
        box.user("cy", locale="es-ES")
        it = await settled(box.fake.slash(cy, box.channel, "bazaar games", {}))
        assert english_in(it.content) == [], it.content
        assert box.bot is not None and await box.bot.host.schedule.language_of(cy.id) == "es"
        await box.restart_bot()
        box.user("cy", locale="en-US")
        await settled(box.fake.slash(cy, box.channel, "bazaar games", {}))
        assert box.bot is not None and await box.bot.host.schedule.language_of(cy.id) == "en"
    finally:
        await box.stop()


def _users(box: Sandbox) -> list[User]:
    return list(box.users.values())


async def test_the_command_words_are_up_to_date_and_translated(sandbox: Sandbox) -> None:
    bot = sandbox.bot
    assert bot is not None
    payload = [command.to_dict(bot.tree) for command in bot.tree.get_commands()]
    assert module_text(words_of(payload)) == Path(command_words.__file__).read_text(encoding="utf-8"), (
        "run python -m bot.command_words, then python -m bot.catalogs, and translate what is new"
    )
    spanish = load("bot", "bazaar", "es")
    for word in command_words.WORDS:
        if word.startswith("/"):
            local = spanish.messages.get(word, "")
            assert local.startswith("/") and NAME.fullmatch(local[1:]), (word, local)
            assert command_name(word[1:], "es") in (None, local[1:])


async def test_a_spanish_user_types_commands_by_their_spanish_names(database_url: str) -> None:
    box = await spanish_sandbox(database_url)
    try:
        thread, _ = await open_mixed_game(box)
        ben = box.users["ben"]
        it = await settled(box.fake.slash(ben, thread, "marrakech estado", {}))
        assert it.ephemeral and "Marrakech" in it.content and not english_in(it.content)
        data = it.payload["data"]
        assert data["name"] == "marrakech" and data["options"][0]["name"] == "status", "Discord sends base names"
        choices = await box.fake.autocomplete(ben, thread, "marrakech estado", {"partida": ""}, focused="partida")
        assert choices and all(not english_in(c["name"]) for c in choices)
        assert all("(lobby)" not in c["name"] and "(active)" not in c["name"] for c in choices), choices
    finally:
        await box.stop()
