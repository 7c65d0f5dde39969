"""Computer players end to end: the real bot against the fake Discord.

A solo game of every game to its end (one person, computers in the other seats, playing by themselves
after each of the person's moves), a computer taking over the seat of a player who resigned or was late
at the deadline (also in two-player games, which would otherwise end), a computer turn that fell due
while the bot was down played when it is back, ``/bazaar hint`` (out of turn, from a spectator, in a
game of hidden information, turned off), and the computers thinking in a real worker process.
"""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import pytest
from e2e import boards, open_game, resign, settled, to_move

import engines
from bench.e2e import command_for, next_move
from bot.config import Settings
from bot.core.host import replay_log
from bot.core.seating import sent_by_computer
from bot.core.wording import game_words, say_for
from offline.fakediscord.state import Channel, User
from offline.sandbox import Sandbox

HINT_LINE = re.compile(r"^(\d)\. \*\*(.+?)\*\*: (\d{1,3})% to win · (.+)$")


def hint_lines(content: str, game: str) -> list[tuple[int, list[str], int, str]]:
    """The ranked moves of a hint: rank, the steps' labels, the chance in percent, the reason (in the game's words
    with its change in points, or "nothing changes at once")."""
    terms = set(game_words(game).terms.values())
    found = []
    for text in content.splitlines()[1:-1]:
        match = HINT_LINE.match(text)
        assert match, f"not a ranked move: {text!r}"
        rank, moves, chance, reason = int(match[1]), match[2], int(match[3]), match[4]
        assert 0 <= chance <= 100
        worded, _, change = reason.rpartition(" ")
        assert reason == "nothing changes at once" or (worded in terms and re.fullmatch(r"[+−][\d.]+", change)), reason
        found.append((rank, moves.split(" → "), chance, reason))
    return found


async def open_solo(box: Sandbox, game: str, user: User, computers: int = 1) -> tuple[int, Channel]:
    options: dict = {"computers": computers}
    if game == "cairo":
        options["start"] = "preset"
    await settled(box.fake.slash(user, box.channel, f"{game} new", options))
    thread = box.fake.threads(box.channel)[-1]
    lobby = box.fake.messages(thread)[0]
    assert lobby.content.count("🤖") == computers
    start = next(c for c in lobby.button_ids if ":start" in c)
    await (await box.fake.click(user, lobby, start)).done()
    return int(thread.name.rsplit("#", 1)[1]), thread


async def settle(box: Sandbox) -> None:
    """Wait until the computers have stopped thinking and everything they owe is posted."""
    await box.bot.get_cog("Computers").turns.idle()
    await box.fake.idle()


async def person_moves(box: Sandbox, game: str, game_id: int, thread: Channel, user: User, rng: random.Random) -> None:
    found = await next_move(box, game_id, rng)
    assert found is not None and found[0] == user.id, "after the computers, it is the person's turn"
    command, options = command_for(box, game, found[1])
    await settled(box.fake.slash(user, thread, f"{game} {command}", options))


@pytest.mark.slow
@pytest.mark.parametrize("game", engines.names())
async def test_a_solo_game_against_the_computer_plays_to_the_end(sandbox: Sandbox, game: str) -> None:
    ana = sandbox.user("ana")
    game_id, thread = await open_solo(sandbox, game, ana)
    rng = random.Random(4)
    for _ in range(1500):
        await settle(sandbox)
        board = boards(sandbox, thread)[-1]
        if "Game over" in board.content:
            break
        assert to_move(sandbox, board) is ana, board.content
        await person_moves(sandbox, game, game_id, thread, ana, rng)
    else:
        raise AssertionError("the game did not end")
    final = boards(sandbox, thread)[-1].content
    assert "Final scores" in final and "🤖" in final and "Ana" in final
    store = sandbox.bot.host.store
    log = await store.moves(game_id)
    assert any(sent_by_computer(row.user_id) for row in log), "the computer made its own moves"
    assert not any("<@-" in m.content for m in sandbox.fake.messages(thread)), "a computer is never pinged"
    record = await store.get_game(game_id)
    assert engines.get(game).dumps(replay_log(record, 2, log)) == record.state


async def test_a_late_players_seat_goes_to_a_computer_and_the_game_goes_on(tmp_path: Path) -> None:
    now = [1_750_000_000.0]
    box = Sandbox(tmp_path / "b.db", rng=random.Random(2), clock=lambda: now[0])
    async with box:
        ana, ben, cy = box.user("ana"), box.user("ben"), box.user("cy")
        await settled(box.fake.slash(ana, box.channel, "marrakech new", {}))
        thread = box.fake.threads(box.channel)[-1]
        for user in (ben, cy):
            lobby = box.fake.messages(thread)[0]
            await (await box.fake.click(user, lobby, next(c for c in lobby.button_ids if ":join" in c))).done()
        lobby = box.fake.messages(thread)[0]
        await (await box.fake.click(ana, lobby, next(c for c in lobby.button_ids if ":start" in c))).done()
        late = to_move(box, boards(box, thread)[-1])
        other = next(u for u in (ana, ben, cy) if u is not late)
        now[0] += 73 * 3600
        await box.bot.get_cog("Clock").tick(now[0])
        await box.fake.idle()
        notice = next(m for m in reversed(box.fake.messages(thread)) if "deadline has passed" in m.content)
        replace = next(c for c in notice.button_ids if ":replace" in c)
        await (await box.fake.click(other, notice, replace)).done()
        await settle(box)
        posted = [m.content for m in box.fake.messages(thread)]
        assert any("handed" in text and "computer" in text for text in posted), "\n---\n".join(posted[-4:])
        played = await box.bot.host.snapshot(int(thread.name.rsplit("#", 1)[1]))
        seat = played.seat_of(late.id)
        assert played.is_computer(seat) and played.to_move != seat, "the computer took the late turn"
        it = await settled(box.fake.slash(late, thread, "marrakech turn", {"direction": "left"}))
        assert it.ephemeral and ("computer plays" in it.content or "not your turn" in it.content)


async def test_a_computer_turn_due_while_the_bot_was_down_is_played_when_it_is_back(sandbox: Sandbox) -> None:
    ana = sandbox.user("ana")
    game_id, thread = await open_solo(sandbox, "marrakech", ana)
    await settle(sandbox)
    rng = random.Random(6)
    sandbox.bot.host.committed = lambda game: None  # the bot goes down before the computer thinks
    while True:
        await person_moves(sandbox, "marrakech", game_id, thread, ana, rng)
        played = await sandbox.bot.host.snapshot(game_id)
        if played.is_computer(played.to_move_player):
            break
    version = played.game.version
    await sandbox.restart_bot()
    for _ in range(100):
        if (await sandbox.bot.host.game(game_id)).version > version:
            break
        await asyncio.sleep(0.05)
    await settle(sandbox)
    after = await sandbox.bot.host.snapshot(game_id)
    assert after.game.version > version and not after.is_computer(after.to_move_player)
    assert to_move(sandbox, boards(sandbox, thread)[-1]) is ana


async def test_a_hint_suggests_a_legal_move_privately_and_changes_nothing(sandbox: Sandbox) -> None:
    ana = sandbox.user("ana")
    game_id, thread = await open_solo(sandbox, "marrakech", ana)
    await settle(sandbox)
    before = await sandbox.bot.host.game(game_id)
    it = await settled(sandbox.fake.slash(ana, thread, "bazaar hint", {}))
    assert it.ephemeral and it.content.startswith("The computer (normal) ranks your best moves:"), it.content
    ranked = hint_lines(it.content, "marrakech")
    assert [rank for rank, _, _, _ in ranked] == [1, 2, 3], it.content
    assert sorted(labels[0] for _, labels, _, _ in ranked) == ["Straight on", "Turn left", "Turn right"]
    assert len(it.content) <= 2000 and "projected final score" in it.content
    assert (await sandbox.bot.host.game(game_id)).version == before.version

    await settled(sandbox.fake.slash(ana, sandbox.channel, "marrakech new", {"computers": 1, "hints": False}))
    strict = sandbox.fake.threads(sandbox.channel)[-1]
    lobby = sandbox.fake.messages(strict)[0]
    await (await sandbox.fake.click(ana, lobby, next(c for c in lobby.button_ids if ":start" in c))).done()
    await settle(sandbox)
    it = await settled(sandbox.fake.slash(ana, strict, "bazaar hint", {}))
    assert it.ephemeral and "Hints are turned off" in it.content


async def test_the_lobby_button_adds_a_computer(sandbox: Sandbox) -> None:
    ana = sandbox.user("ana")
    await settled(sandbox.fake.slash(ana, sandbox.channel, "jambo new", {}))
    thread = sandbox.fake.threads(sandbox.channel)[-1]
    lobby = sandbox.fake.messages(thread)[0]
    await (await sandbox.fake.click(ana, lobby, next(c for c in lobby.button_ids if ":computer" in c))).done()
    assert "🤖" in sandbox.fake.messages(thread)[0].content and "(2/2)" in sandbox.fake.messages(thread)[0].content
    it = await sandbox.fake.click(
        ana, sandbox.fake.messages(thread)[0], next(c for c in lobby.button_ids if ":computer" in c)
    )
    await it.done()
    assert it.ephemeral and "full" in it.content


@pytest.mark.slow
async def test_computers_think_in_a_worker_process(tmp_path: Path) -> None:
    settings = Settings(token="", computer_workers=1, computer_iterations=30)
    async with Sandbox(tmp_path / "b.db", rng=random.Random(8), settings=settings) as box:
        assert box.bot.get_cog("Computers").pool is not None
        ana = box.user("ana")
        game_id, thread = await open_solo(box, "marrakech", ana)
        rng = random.Random(9)
        for _ in range(3):
            await settle(box)
            await person_moves(box, "marrakech", game_id, thread, ana, rng)
        await settle(box)
        log = await box.bot.host.store.moves(game_id)
        assert sum(1 for row in log if sent_by_computer(row.user_id)) >= 2
        it = await settled(box.fake.slash(ana, thread, "bazaar hint", {}))  # ranked in the worker too
        assert it.ephemeral and len(hint_lines(it.content, "marrakech")) >= 1, it.content


async def test_a_player_who_resigns_with_replace_leaves_a_two_player_game_running(sandbox: Sandbox) -> None:
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "jambo", ana, [ben])
    leaver = to_move(sandbox, boards(sandbox, thread)[-1])
    stayer = ben if leaver is ana else ana
    posted = len(boards(sandbox, thread))
    it = await resign(sandbox, leaver, thread, "jambo", replace=True)
    assert it.message is not None and it.message.ephemeral, it
    assert "a computer plays on in their seat" in it.content, it.content
    await settle(sandbox)
    played = await sandbox.bot.host.snapshot(game_id)
    seat = played.seat_of(leaver.id)
    assert played.game.status == "active" and played.is_computer(seat) and seat not in played.state.resigned
    news = [m.content for m in boards(sandbox, thread)[posted:]]
    assert "left the table: a computer plays on in their seat" in news[0], news[0]
    name = leaver.name.capitalize()
    computer_moves = [text for text in news[1:] if f"🤖 {name} " in text.split("\n")[1]]
    assert computer_moves, "the computer's moves are posted as a computer's:\n" + "\n---\n".join(news)
    assert not any(f"<@{leaver.id}>" in text for text in news), "the player who left is never pinged again"
    assert played.to_move == played.seat_of(stayer.id), "the computer played its turn without anyone asking"
    assert to_move(sandbox, boards(sandbox, thread)[-1]) is stayer
    log = (await settled(sandbox.fake.slash(stayer, thread, "jambo log", {}))).content
    assert f"{name} drew a card into their hand" in log and f"🤖 {name} drew a card into" not in log, (
        "the player's own moves before the computer took over keep their bare name in the log:\n" + log
    )
    said = computer_moves[0].split("\n")[1].rstrip(".")
    assert said in log, f"the log words the computer's turn as it was posted: {said!r}\n{log}"

    version, messages = played.game.version, len(sandbox.fake.messages(thread))
    for command, options in (("jambo end", {}), ("jambo draw", {}), ("jambo resign", {})):
        it = await settled(sandbox.fake.slash(leaver, thread, command, options))
        assert it.ephemeral and "A computer plays this seat" in it.content, (command, it.content)
    assert (await sandbox.bot.host.game(game_id)).version == version
    assert len(sandbox.fake.messages(thread)) == messages

    engine = engines.get("jambo")
    state = engine.copy((await sandbox.bot.host.snapshot(game_id)).state)
    steps: list[str] = []  # what the computer played may leave the stayer steps first (a Lion: discard down to 3)
    while "end" not in (moves := engine.legal_moves(state)) and len(steps) < 5:
        steps.append(moves[0])
        engine.apply_in_place(state, moves[0])
    if steps:  # one decision in several steps is sent whole, as its private prompt does
        await settled(sandbox.fake.slash(stayer, thread, "jambo decide", {"choice": "; ".join(steps)}))
        await settle(sandbox)
    version = (await sandbox.bot.host.game(game_id)).version
    it = await settled(sandbox.fake.slash(stayer, thread, "jambo end", {}))
    await settle(sandbox)
    after = await sandbox.bot.host.snapshot(game_id)
    assert after.game.status == "active" and after.game.version > version + 1, it.content
    assert to_move(sandbox, boards(sandbox, thread)[-1]) is stayer, "the computer answered with its own turn"


async def test_a_late_player_in_a_two_player_game_is_replaced_and_the_game_goes_on(tmp_path: Path) -> None:
    now = [1_750_000_000.0]
    box = Sandbox(tmp_path / "b.db", rng=random.Random(3), clock=lambda: now[0])
    async with box:
        ana, ben = box.user("ana"), box.user("ben")
        game_id, thread = await open_game(box, "marrakech", ana, [ben])
        late = to_move(box, boards(box, thread)[-1])
        other = ben if late is ana else ana
        now[0] += 73 * 3600
        await box.bot.get_cog("Clock").tick(now[0])
        await box.fake.idle()
        notice = next(m for m in reversed(box.fake.messages(thread)) if "deadline has passed" in m.content)
        await (await box.fake.click(other, notice, next(c for c in notice.button_ids if ":replace" in c))).done()
        await settle(box)
        played = await box.bot.host.snapshot(game_id)
        seat = played.seat_of(late.id)
        assert played.game.status == "active" and played.is_computer(seat), played.game.status
        assert played.to_move == played.seat_of(other.id), "the computer took the late turn"
        posted = [m.content for m in boards(box, thread)]
        assert any("handed" in text and "computer" in text for text in posted), posted[-3:]
        assert to_move(box, boards(box, thread)[-1]) is other
        it = await settled(box.fake.slash(late, thread, "marrakech turn", {"direction": "left"}))
        assert it.ephemeral and "A computer plays this seat" in it.content, it.content
        version = played.game.version
        await settled(box.fake.slash(other, thread, "marrakech turn", {"direction": "straight"}))
        assert (await box.bot.host.game(game_id)).version > version, "the other player plays on"


async def test_a_hint_out_of_turn_or_for_a_spectator_is_refused_privately(sandbox: Sandbox) -> None:
    ana, ben, cy = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("cy")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben])
    mover = to_move(sandbox, boards(sandbox, thread)[-1])
    waiting = ben if mover is ana else ana
    version, messages = (await sandbox.bot.host.game(game_id)).version, len(sandbox.fake.messages(thread))
    it = await settled(sandbox.fake.slash(waiting, thread, "bazaar hint", {}))
    assert it.ephemeral and "it is not your turn" in it.content, it.content
    assert "ranks your best moves" not in it.content
    it = await settled(sandbox.fake.slash(cy, thread, "bazaar hint", {}))
    assert it.ephemeral and f"You are not playing in game #{game_id}" in it.content, it.content
    it = await settled(sandbox.fake.slash(cy, sandbox.channel, "bazaar hint", {"game": game_id}))
    assert it.ephemeral and f"You are not playing in game #{game_id}" in it.content, it.content
    assert (await sandbox.bot.host.game(game_id)).version == version
    assert len(sandbox.fake.messages(thread)) == messages


async def test_a_hint_in_a_hidden_information_game_is_a_legal_move_only_the_asker_sees(sandbox: Sandbox) -> None:
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "jambo", ana, [ben])
    asker = to_move(sandbox, boards(sandbox, thread)[-1])
    played = await sandbox.bot.host.snapshot(game_id)
    seat = played.seat_of(asker.id)
    messages = len(sandbox.fake.messages(thread))
    it = await settled(sandbox.fake.slash(asker, thread, "bazaar hint", {}))
    assert it.ephemeral and it.content.startswith("The computer (normal) ranks your best moves:"), it.content
    assert len(sandbox.fake.messages(thread)) == messages and not sandbox.fake.dms(asker), "nothing public"
    assert (await sandbox.bot.host.game(game_id)).version == played.game.version
    say, engine = say_for("jambo", tuple(played.names)), played.engine
    ranked = hint_lines(it.content, "jambo")
    assert [rank for rank, _, _, _ in ranked] == [1, 2, 3], it.content
    firsts = set()
    for rank, labels, _, _ in ranked:
        state = played.state
        for label in labels if rank == 1 else labels[:1]:  # the best move as a whole decision, the others' first step
            assert engine.to_move(state) == seat, "a hint is the asker's own decision"
            view = engine.view(state, seat).with_names(played.names)
            legal = {say.label(move, view): move for move in engine.legal_moves(state)}
            assert label in legal, f"{label!r} is not one of the asker's legal moves: {sorted(legal)}"
            state = engine.apply(state, legal[label])
        firsts.add(labels[0])
    assert len(firsts) == 3, "three different moves"
