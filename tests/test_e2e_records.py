"""``/bazaar export`` and ``/bazaar replay`` end to end: the real bot against the fake Discord, both databases."""

from __future__ import annotations

import asyncio
import gc
import io
import logging
import random
from pathlib import Path

import pytest
from e2e import boards, open_game, press_something, resign, settled, to_move
from PIL import Image
from test_e2e_languages import click_id

from bot.config import Settings
from bot.core.records_file import check_record, read_record, replay_to
from bot.core.replay_image import FINAL_MS, MAX_FRAMES
from offline.sandbox import Sandbox


async def test_export_gives_a_record_that_replays_and_keeps_running_secrets(sandbox: Sandbox) -> None:
    fake = sandbox.fake
    ana, ben, eve = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("eve")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben])

    running = await settled(fake.slash(ana, thread, "bazaar export", {"game": game_id}))
    assert running.ephemeral and running.files, running.content
    name, data = running.files[0]
    assert name == f"marrakech-{game_id}.json"
    assert running.alt_texts[name] == f"The record of Marrakech #{game_id} as a JSON file: its players, its options" + (
        " and every move, roll and draw."
    )
    record = read_record(data)
    assert record.status == "active" and [s.name for s in record.seats] and record.outcome is None
    assert check_record(record).divergence is None

    stranger = await settled(fake.slash(eve, thread, "bazaar export", {"game": game_id}))
    assert stranger.ephemeral and not stranger.files and "only its players" in stranger.content
    in_thread = await settled(fake.slash(ana, thread, "marrakech records export", {}))
    assert in_thread.ephemeral and in_thread.files[0][0] == name, "the thread's game, no number needed"
    early = await settled(fake.slash(ana, thread, "marrakech records replay", {}))
    assert early.ephemeral and not early.files and "still being played" in early.content

    cairo_id, cairo_thread = await open_game(sandbox, "cairo", ana, [ben])
    hidden = await settled(fake.slash(ana, cairo_thread, "bazaar export", {"game": cairo_id}))
    assert hidden.ephemeral and not hidden.files and "keeps things hidden" in hidden.content

    await resign(sandbox, ben, thread, "marrakech")
    over = await settled(fake.slash(eve, thread, "bazaar export", {"game": game_id}))
    assert over.ephemeral and over.files, over.content
    record = read_record(over.files[0][1])
    assert record.status == "finished" and record.outcome is not None
    assert any(m.kind == "resign" for m in record.moves)
    out, err = io.StringIO(), io.StringIO()
    assert replay_to(over.files[0][1], out, err) == 0, err.getvalue()
    assert "Game over" in out.getvalue()


async def test_a_finished_game_posts_its_animated_replay_after_the_final_board(sandbox: Sandbox) -> None:
    fake = sandbox.fake
    ana, ben, eve = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("eve")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben])
    rng = random.Random(2)
    for _ in range(4):
        await (await press_something(sandbox, boards(sandbox, thread)[-1], rng)).done()
    early = await settled(fake.slash(ana, thread, "bazaar replay", {"game": game_id}))
    assert early.ephemeral and not early.files and "still being played" in early.content

    await resign(sandbox, ben, thread, "marrakech")
    await sandbox.settle()
    messages = fake.messages(thread)
    final = max(i for i, m in enumerate(messages) if any(name.endswith(".png") for name, _ in m.files))
    replays = [i for i, m in enumerate(messages) if any(replay_name(name) for name, _ in m.files)]
    assert replays == [final + 1], [m.content for m in messages[final:]]
    posted = messages[final + 1]
    _name, data = posted.files[0]
    assert not posted.mentions and "turn by turn" in posted.content
    assert (posted.attachments[0].description or "").startswith("Animated replay of Marrakech #")
    assert_animated(data)

    it = await settled(fake.slash(eve, thread, "bazaar replay", {"game": game_id}))
    assert it.ephemeral and len(it.files) == 1 and replay_name(it.files[0][0])
    assert_animated(it.files[0][1])

    # the game's own command: in its thread no number is needed; elsewhere the list offers the ended game
    here = await settled(fake.slash(eve, thread, "marrakech records replay", {}))
    assert here.ephemeral and len(here.files) == 1 and here.files[0][0] == it.files[0][0]
    assert_animated(here.files[0][1])
    offered = await fake.autocomplete(eve, sandbox.channel, "marrakech records replay", {"game": ""}, "game")
    assert [c["value"] for c in offered] == [game_id], offered
    elsewhere = await settled(fake.slash(eve, sandbox.channel, "marrakech records replay", {"game": game_id}))
    assert elsewhere.ephemeral and elsewhere.files and elsewhere.files[0][0] == it.files[0][0]
    wrong = await settled(fake.slash(eve, sandbox.channel, "cairo records replay", {"game": game_id}))
    assert wrong.ephemeral and not wrong.files and "/marrakech" in wrong.content, wrong.content
    exported = await settled(fake.slash(eve, thread, "marrakech records export", {}))
    assert exported.ephemeral and exported.files[0][0] == f"marrakech-{game_id}.json"
    assert read_record(exported.files[0][1]).status == "finished"


async def test_an_operator_can_cap_a_replays_boards_and_its_alt_text_says_so(tmp_path: Path) -> None:
    """``BAZAAR_REPLAY_FRAMES`` (a small machine's setting): a game of more turns shows that many boards, the first
    and the final one (held last) among them; its line still counts every turn, and its alt text says it shows some
    of them."""
    settings = Settings(token="", computer_workers=0, image_workers=0, replay_frames=3)
    async with Sandbox(tmp_path / "b.db", rng=random.Random(2), settings=settings) as box:
        ana, ben = box.user("ana"), box.user("ben")
        game_id, thread = await open_game(box, "marrakech", ana, [ben])
        rng = random.Random(2)
        assert box.bot is not None
        for _ in range(16):  # a few decisions a turn: several turns
            played = await box.bot.host.snapshot(game_id)
            assert played.state is not None and played.to_move_player is not None
            user = ana if played.user_of(played.to_move_player) == ana.id else ben
            move = rng.choice(played.engine.legal_moves(played.state))
            await settled(box.fake.slash(user, thread, "marrakech play", {"move": move}))
        await resign(box, ben, thread, "marrakech")
        await box.settle()
        (posted,) = [m for m in box.fake.messages(thread) if any(replay_name(name) for name, _ in m.files)]
    image = Image.open(io.BytesIO(posted.files[0][1]))
    assert getattr(image, "n_frames", 1) == 3, posted.content
    image.seek(2)
    image.load()
    assert image.info["duration"] == FINAL_MS, "the final board is the one held last"
    turns = int(posted.content.rsplit("(", 1)[1].split()[0])
    assert turns > 3, posted.content
    alt = posted.attachments[0].description or ""
    assert f"the board after some of its {turns} turns (3 boards)" in alt, alt


def test_replays_show_up_to_240_boards_unless_the_operator_says_otherwise() -> None:
    assert Settings.model_fields["replay_frames"].default == MAX_FRAMES == 240


def replay_name(name: str) -> bool:
    return "-replay." in name and name.endswith(".webp")


def assert_animated(data: bytes) -> None:
    assert len(data) <= 8 * 1024 * 1024
    image = Image.open(io.BytesIO(data))
    assert image.format == "WEBP" and getattr(image, "n_frames", 1) > 1


async def test_a_bot_stopped_while_the_replay_is_drawn_leaves_it_and_the_archive_for_the_restart(
    sandbox: Sandbox, caplog: pytest.LogCaptureFixture
) -> None:
    """The replay and the thread's archiving go out after the final board, in the background; a bot stopped then
    (a deploy) ends that work before it closes its database: nothing fails in the background, and the restarted bot
    posts the replay once and archives the thread."""
    fake = sandbox.fake
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    _, thread = await open_game(sandbox, "marrakech", ana, [ben])
    rng = random.Random(2)
    for _ in range(8):  # a replay of some length: drawn in a process of its own, for a second or so
        await (await press_something(sandbox, boards(sandbox, thread)[-1], rng)).done()
    await resign(sandbox, ben, thread, "marrakech")
    bot = sandbox.bot
    assert bot is not None
    async with asyncio.timeout(10):  # the final board goes out, then the replay is drawn in the background
        while "Game over" not in boards(sandbox, thread)[-1].content:
            await asyncio.sleep(0.01)
    assert (await bot.store.health(sandbox.clock()))["owed"] > 0, "the replay and the archiving are still owed"
    await sandbox.stop_bot()
    gc.collect()  # a background task that failed unseen is reported when it is collected
    unseen = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not unseen, [r.getMessage() for r in unseen]
    assert not any(replay_name(name) for m in fake.messages(thread) for name, _ in m.files)

    await sandbox.start_bot()
    await sandbox.settle()
    messages = fake.messages(thread)
    replays = [m for m in messages if any(replay_name(name) for name, _ in m.files)]
    assert len(replays) == 1 and replays[0] is messages[-1], [m.content for m in messages[-3:]]
    assert fake.world.channels[thread.id].archived
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize(
    ("locale", "line", "alt"),
    [
        ("en-US", "turn by turn (1 turn).", "the board after its one turn,"),
        ("es-ES", "turno a turno (1 turno).", "el tablero tras su único turno;"),
    ],
)
async def test_the_replay_of_a_one_turn_game_says_one_turn_in_the_game_language(
    database_url: str, locale: str, line: str, alt: str
) -> None:
    """A game its first player resigns at once: its replay's line and alt text speak of one turn, not "1 turns"."""
    box = Sandbox(database_url, rng=random.Random(1), locale=locale, guild_locale=locale)
    await box.start()
    try:
        ana, ben = box.user("ana", locale=locale), box.user("ben", locale=locale)
        await settled(box.fake.slash(ana, box.channel, "marrakech new", {}))
        thread = box.fake.threads(box.channel)[-1]
        lobby = box.fake.messages(thread)[0]
        await (await box.fake.click(ben, lobby, click_id(lobby, "join"))).done()
        lobby = box.fake.messages(thread)[0]
        await (await box.fake.click(ana, lobby, click_id(lobby, "start"))).done()
        await box.settle()
        mover = to_move(box, boards(box, thread)[-1])
        assert mover is not None
        await resign(box, mover, thread, "marrakech")
        await box.settle()
        (replay,) = [m for m in box.fake.messages(thread) if any(replay_name(name) for name, _ in m.files)]
        assert replay.content.endswith(line), replay.content
        assert alt in (replay.attachments[0].description or ""), replay.attachments[0].description
    finally:
        await box.stop()
