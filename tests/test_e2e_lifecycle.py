"""A game's life around the board, end to end: listing games, abandoning them, looking at them afterwards."""

from __future__ import annotations

from io import BytesIO

import pytest
from e2e import boards, open_game, settled
from PIL import Image

from offline.fakediscord.state import User
from offline.sandbox import Sandbox


async def test_the_games_list_shows_a_game_still_waiting_for_players(sandbox: Sandbox) -> None:
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    await settled(sandbox.fake.slash(ana, sandbox.channel, "marrakech new"))
    running, _ = await open_game(sandbox, "marrakech", ben, [ana])
    it = await sandbox.fake.slash(ana, sandbox.channel, "marrakech games")
    await it.done()
    assert it.ephemeral and "Sorry" not in it.content
    lobby_line, running_line = it.content.splitlines()
    assert lobby_line.startswith("#1 (lobby)") and "Ana" in lobby_line and "waiting for players" in lobby_line.lower()
    assert running_line.startswith(f"#{running} (active)") and "turn" in running_line
    assert "<@" not in it.content, "a list pings nobody"


async def test_abandoning_a_game_in_the_lobby_takes_its_buttons_away(sandbox: Sandbox) -> None:
    fake = sandbox.fake
    ana = sandbox.user("ana")
    await settled(fake.slash(ana, sandbox.channel, "marrakech new"))
    thread = fake.threads(sandbox.channel)[-1]
    it = await fake.slash(ana, thread, "marrakech abandon")
    await it.done()
    assert it.ephemeral and "abandoned" in it.content
    assert "was abandoned by Ana" in fake.messages(thread)[-1].content, "the thread is told, pinging nobody"
    assert not fake.messages(thread)[-1].mentions
    lobby = fake.messages(thread)[0]
    assert "abandoned" in lobby.content.splitlines()[0] and not lobby.button_ids


async def test_joining_an_abandoned_game_is_refused_as_over_not_as_started(sandbox: Sandbox) -> None:
    fake = sandbox.fake
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    await settled(fake.slash(ana, sandbox.channel, "marrakech new"))
    thread = fake.threads(sandbox.channel)[-1]
    await (await fake.slash(ana, thread, "marrakech abandon")).done()
    for command in ("join", "leave", "start"):
        it = await fake.slash(ben if command != "start" else ana, sandbox.channel, f"marrakech {command}", {"game": 1})
        await it.done()
        assert it.ephemeral and "abandoned" in it.content and "started" not in it.content, it.content


async def test_the_status_of_an_abandoned_game_says_so_and_asks_nobody_to_move(sandbox: Sandbox) -> None:
    fake = sandbox.fake
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben])
    await (await fake.slash(ana, thread, "marrakech abandon")).done()
    assert "abandoned" in fake.messages(thread)[0].content.splitlines()[0], "the lobby message says so too"
    it = await fake.slash(ben, sandbox.channel, "marrakech status", {"game": game_id})
    await it.done()
    assert it.ephemeral and "abandoned" in it.content and "your turn" not in it.content
    assert len(boards(sandbox, thread)) == 1


async def test_log_and_status_in_the_thread_of_a_game_over_are_about_it_while_another_game_runs(
    sandbox: Sandbox,
) -> None:
    fake = sandbox.fake
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    first, thread = await open_game(sandbox, "marrakech", ana, [ben])
    await (await fake.slash(ana, thread, "marrakech abandon")).done()
    second, _ = await open_game(sandbox, "marrakech", ana, [ben])
    it = await fake.slash(ana, thread, "marrakech log")
    await it.done()
    assert it.ephemeral and f"Marrakech #{first}**" in it.content and f"#{second}" not in it.content
    assert it.files and "abandoned" in it.files[0][1].decode()
    assert it.alt_texts == {
        f"marrakech-{first}-log.txt": f"The whole log of Marrakech #{first} as a text file:"
        " the players, every turn in order, and how it ended."
    }
    it = await fake.slash(ben, thread, "marrakech status")
    await it.done()
    assert f"Marrakech #{first}**" in it.content and "abandoned" in it.content


async def test_resign_in_the_thread_of_a_game_over_does_not_touch_the_users_other_game(sandbox: Sandbox) -> None:
    fake = sandbox.fake
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    first, thread = await open_game(sandbox, "marrakech", ana, [ben])
    await (await fake.slash(ana, thread, "marrakech abandon")).done()
    second, _ = await open_game(sandbox, "marrakech", ana, [ben])
    before = await sandbox.bot.host.store.get_game(second)
    it = await fake.slash(ben, thread, "marrakech resign")
    await it.done()
    assert it.ephemeral and f"#{first} was abandoned" in it.content
    after = await sandbox.bot.host.store.get_game(second)
    assert (after.version, after.status) == (before.version, "active")


async def test_any_player_brings_the_current_board_back_with_its_buttons(sandbox: Sandbox) -> None:
    fake = sandbox.fake
    ana, ben, eve = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("eve")
    _, thread = await open_game(sandbox, "marrakech", ana, [ben])
    first = boards(sandbox, thread)[-1]
    it = await settled(fake.slash(ben, sandbox.channel, "marrakech board", {"public": True, "game": 1}))
    assert it.ephemeral and "back in the game's thread" in it.content
    again = boards(sandbox, thread)[-1]
    assert again.id != first.id and again.button_ids == first.button_ids, "the same decision, the same buttons"
    # nobody's turn began: the player to move is named, as on the first board, but not pinged again
    assert "as Ben asked" in again.content and again.mentions == [] and first.mentions
    assert all(f"<@{user}>" in again.content for user in first.mentions)
    it = await settled(fake.slash(eve, thread, "marrakech board", {"public": True}))
    assert it.ephemeral and "not playing" in it.content
    assert boards(sandbox, thread)[-1].id == again.id


async def test_images_are_phone_sized_unless_a_player_chose_another_layout(sandbox: Sandbox) -> None:
    fake = sandbox.fake
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    _, thread = await open_game(sandbox, "marrakech", ana, [ben])

    def size(files: list[tuple[str, bytes]]) -> tuple[int, int]:
        return Image.open(BytesIO(files[0][1])).size

    async def private_board(user: User) -> tuple[int, int]:
        return size((await settled(fake.slash(user, sandbox.channel, "marrakech board", {"game": 1}))).files)

    thread_board = size(boards(sandbox, thread)[-1].files)
    phone = await private_board(ana)
    assert thread_board == phone and phone[1] > phone[0], "tall, the phone layout, unless someone chose otherwise"
    it = await settled(fake.slash(ana, sandbox.channel, "bazaar layout", {"style": "portrait"}))
    assert it.ephemeral and "portrait" in it.content
    portrait = await private_board(ana)
    assert portrait[1] > portrait[0] and portrait[0] < phone[0], "portrait: narrower, the details panel below"
    it = await settled(fake.slash(ana, sandbox.channel, "bazaar layout", {"style": "landscape"}))
    assert it.ephemeral and "landscape" in it.content
    landscape = await private_board(ana)
    assert landscape[0] > landscape[1]
    assert await private_board(ben) == phone, "one player's choice is theirs alone"
    it = await settled(fake.slash(ana, sandbox.channel, "bazaar layout", {"style": "phone"}))
    assert it.ephemeral and "phone" in it.content and await private_board(ana) == phone


def integer_options(options: list[dict], path: str) -> list[tuple[str, dict]]:
    found = []
    for option in options:
        if option["type"] in (1, 2):
            found += integer_options(option.get("options", []), f"{path} {option['name']}")
        elif option["type"] == 4:
            found.append((f"{path} {option['name']}", option))
    return found


async def test_every_number_a_command_takes_is_bounded_before_it_reaches_the_database(sandbox: Sandbox) -> None:
    found = [
        item for c in sandbox.fake.registered_commands() for item in integer_options(c.get("options", []), c["name"])
    ]
    assert found
    for path, option in found:
        assert "min_value" in option and "max_value" in option, path
        assert option["max_value"] < 2**53, path
    with pytest.raises(AssertionError, match="Discord would never send this"):
        await sandbox.fake.slash(sandbox.user("ana"), sandbox.channel, "marrakech status", {"game": 2**63})


async def test_the_health_line_counts_games_timers_and_messages_owed(sandbox: Sandbox, caplog) -> None:
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    await open_game(sandbox, "marrakech", ana, [ben])
    await settled(sandbox.fake.slash(ana, sandbox.channel, "cairo new"))
    caplog.set_level("INFO", logger="bazaar.delivery")
    await sandbox.bot.get_cog("Delivery").health()
    line = next(r.getMessage() for r in caplog.records if r.getMessage().startswith("health:"))
    assert "lobby=1 active=1" in line and "timers due=0" in line and "messages owed=0" in line


async def test_the_slash_commands_are_synced_once_with_their_spanish_names_and_not_again_after_a_restart(
    sandbox: Sandbox,
) -> None:
    world = sandbox.fake.world
    synced = {command["name"]: command for command in world.commands.list(None)}
    assert set(synced) == {"bazaar", "cairo", "jambo", "marrakech", "morocco"}
    cairo = {option["name"]: option for option in synced["cairo"]["options"]}
    assert cairo["place"]["name_localizations"]["es-ES"] == "colocar", "a Spanish client reads /cairo colocar"
    assert synced["cairo"]["description_localizations"]["es-ES"] != synced["cairo"]["description"]
    puts = [line for line in world.request_log if line.startswith("PUT") and "/commands" in line]
    assert len(puts) == 1, puts

    await sandbox.restart_bot()
    await sandbox.restart_bot()
    again = [line for line in world.request_log if line.startswith("PUT") and "/commands" in line]
    assert again == puts, "the same commands are not sent again at a restart"
    assert {command["name"]: command for command in world.commands.list(None)} == synced


def _commands_of(bot: object) -> list[object]:
    """Every command and group of a bot's tree, subcommands included."""
    found: list[object] = []
    for command in bot.tree.get_commands():  # type: ignore[attr-defined]
        found.append(command)
        found.extend(getattr(command, "walk_commands", lambda: ())())
    return found


async def test_two_bots_in_one_process_share_no_command_and_one_stopping_leaves_the_other_whole(
    tmp_path, sandbox: Sandbox
) -> None:
    """Extensions are imported once per process and commands copied from ones made before: each bot still has
    commands of its own, and a bot that stops takes none of another's with it."""
    other = Sandbox(str(tmp_path / "other.db"))
    await other.start()
    try:
        mine, theirs = _commands_of(sandbox.bot), _commands_of(other.bot)
        assert len(mine) == len(theirs) > 100
        assert not {id(c) for c in mine} & {id(c) for c in theirs}, "a command object shared by two bots"
        shared_options = {id(p) for c in mine for p in getattr(c, "_params", {}).values()} & {
            id(p) for c in theirs for p in getattr(c, "_params", {}).values()
        }
        assert not shared_options, "an option shared by two bots' commands"
    finally:
        await other.stop()
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    await settled(sandbox.fake.slash(ana, sandbox.channel, "marrakech new"))
    running, _ = await open_game(sandbox, "marrakech", ben, [ana])
    it = await sandbox.fake.slash(ana, sandbox.channel, "marrakech games")
    await it.done()
    assert f"#{running} (active)" in it.content
