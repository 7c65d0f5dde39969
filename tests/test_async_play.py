"""Play over days, end to end through the fake Discord with a clock the tests move by hand.

Reminders, away mode, your-turn DMs, turn deadlines (skip, remove, auto-skip), the inbox across
servers, server settings, restarts and archived threads. Nothing sleeps: the clock is injected and
the scheduler's ``tick(now)`` is called directly.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from io import BytesIO
from pathlib import Path

import pytest
from e2e import (
    answer,
    boards,
    button,
    click_label,
    open_game,
    press_something,
    private_prompt,
    resign,
    settled,
    to_move,
)
from PIL import Image

import engines
from bot.core.refused import Refused
from bot.core.timing import Timing, duration_text
from offline.fakediscord import permissions
from offline.fakediscord.state import Channel, Interaction, Message, User
from offline.sandbox import Sandbox

HOUR = 3600.0
START = 1_750_000_000.0


class Clock:
    """A clock that only moves when the test says so."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += hours * HOUR


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def box(tmp_path: Path, clock: Clock) -> AsyncIterator[Sandbox]:
    """The real bot on the fake Discord, its clock under the test's control, its start-up tick done."""
    sandbox = Sandbox(tmp_path / "bazaar.db", rng=random.Random(11), clock=clock)
    await sandbox.start()
    try:
        await started(sandbox)
        yield sandbox
        assert not sandbox.fake.errors, f"the bot made requests Discord would reject: {sandbox.fake.errors}"
    finally:
        await sandbox.stop()


async def started(box: Sandbox) -> None:
    """Wait for the scheduler's start-up tick and whatever it sent."""
    await asyncio.wait_for(box.bot.get_cog("Clock").first_tick.wait(), 10)
    await box.fake.idle()


async def tick(box: Sandbox, clock: Clock) -> None:
    await box.bot.get_cog("Clock").tick(clock())
    await box.fake.idle()


def reminders(box: Sandbox, channel: Channel) -> list[Message]:
    return [m for m in box.fake.messages(channel) if "Reminder" in m.content]


def deadline_notices(box: Sandbox, channel: Channel) -> list[Message]:
    return [m for m in box.fake.messages(channel) if "deadline has passed" in m.content]


def mover(box: Sandbox, thread: Channel) -> User:
    user = to_move(box, boards(box, thread)[-1])
    assert user is not None
    return user


async def finish_turn(box: Sandbox, thread: Channel) -> None:
    """The player to move answers prompts until the turn passes to someone else."""
    first = mover(box, thread)
    rng = random.Random(5)
    prompt = boards(box, thread)[-1]
    for _ in range(10):
        prompt = await answer(box, thread, prompt, rng, first)
        if mover(box, thread) is not first:
            return
    raise AssertionError("the turn did not pass")


async def turn_of(box: Sandbox, thread: Channel, user: User) -> None:
    """Play turns until it is ``user``'s turn."""
    for _ in range(4):
        if mover(box, thread) is user:
            return
        await finish_turn(box, thread)
    raise AssertionError(f"it never became {user.name}'s turn")


# ---- reminders ------------------------------------------------------------------------------------
async def test_a_reminder_pings_the_waiting_player_after_the_interval_and_never_twice(
    box: Sandbox, clock: Clock
) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    _, thread = await open_game(box, "marrakech", ana, [ben])
    late = mover(box, thread)

    clock.advance(23.5)
    await tick(box, clock)
    assert not reminders(box, thread), "not before the interval"

    clock.advance(0.5)
    await tick(box, clock)
    await tick(box, clock)
    sent = reminders(box, thread)
    assert len(sent) == 1
    assert sent[0].mentions == [late.id] and "after 1 d of waiting" in sent[0].content

    clock.advance(12)
    await tick(box, clock)
    assert len(reminders(box, thread)) == 1, "at most one reminder per interval"
    clock.advance(12)
    await tick(box, clock)
    assert len(reminders(box, thread)) == 2


async def test_no_reminder_once_the_player_has_moved(box: Sandbox, clock: Clock) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    _, thread = await open_game(box, "marrakech", ana, [ben])
    clock.advance(20)
    await finish_turn(box, thread)
    clock.advance(20)
    await tick(box, clock)
    assert not reminders(box, thread), "the new turn started 20 h ago"
    clock.advance(4)
    await tick(box, clock)
    assert [m.mentions for m in reminders(box, thread)] == [[mover(box, thread).id]]


async def test_away_mode_suppresses_reminders_until_the_player_is_back(box: Sandbox, clock: Clock) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    _, thread = await open_game(box, "marrakech", ana, [ben])
    late = mover(box, thread)
    it = await box.fake.slash(late, box.channel, "bazaar away", {"setting": "on"})
    assert it.ephemeral and "away" in it.content

    clock.advance(30)
    await tick(box, clock)
    assert not reminders(box, thread)

    await box.fake.slash(late, box.channel, "bazaar away", {"setting": "off"})
    await tick(box, clock)
    assert [m.mentions for m in reminders(box, thread)] == [[late.id]]


async def test_a_game_can_be_created_without_reminders(box: Sandbox, clock: Clock) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    _, thread = await open_game(box, "marrakech", ana, [ben], {"reminder_hours": 0, "deadline_hours": 0})
    clock.advance(24 * 10)
    await tick(box, clock)
    assert not reminders(box, thread) and not deadline_notices(box, thread)


# ---- direct messages ------------------------------------------------------------------------------
async def test_a_player_who_opted_in_gets_a_dm_with_a_link_when_it_becomes_their_turn(
    box: Sandbox, clock: Clock
) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    it = await box.fake.slash(ben, box.channel, "bazaar notify", {"setting": "on"})
    assert it.ephemeral and "DM" in it.content
    _, thread = await open_game(box, "marrakech", ana, [ben])
    await turn_of(box, thread, ana)
    before = len(box.fake.dms(ben))

    clock.advance(1)
    await finish_turn(box, thread)
    dms = box.fake.dms(ben)
    assert len(dms) == before + 1
    board = boards(box, thread)[-1]
    assert f"https://discord.com/channels/{box.guild.id}/{thread.id}/{board.id}" in dms[-1].content
    assert "your turn" in dms[-1].content and "Marrakech" in dms[-1].content
    assert not box.fake.dms(ana), "ana did not opt in"

    clock.advance(24)
    await tick(box, clock)
    assert len(box.fake.dms(ben)) == before + 2, "the reminder goes by DM too"
    assert "Still your turn" in box.fake.dms(ben)[-1].content


async def test_turn_dms_can_be_turned_off_for_one_server(box: Sandbox) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    await box.fake.slash(ben, box.channel, "bazaar notify", {"setting": "on", "scope": "everywhere"})
    await box.fake.slash(ben, box.channel, "bazaar notify", {"setting": "off", "scope": "this server"})
    _, thread = await open_game(box, "marrakech", ana, [ben])
    await turn_of(box, thread, ana)
    await finish_turn(box, thread)
    assert mover(box, thread) is ben and not box.fake.dms(ben)
    schedule = box.bot.host.schedule
    assert await schedule.wants_dm(ben.id, box.guild.id + 1), "everywhere else it stays on"


async def test_closed_dms_do_not_break_the_game(box: Sandbox) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    ben.dms_open = False
    await box.fake.slash(ben, box.channel, "bazaar notify", {"setting": "on"})
    _, thread = await open_game(box, "marrakech", ana, [ben])
    await turn_of(box, thread, ana)
    await finish_turn(box, thread)
    assert mover(box, thread) is ben, "the ping in the thread still stands"
    assert any("does not accept DMs" in str(r) for r in box.fake.refusals), "the bot did try"


# ---- deadlines ------------------------------------------------------------------------------------
async def deadline_passes(box: Sandbox, clock: Clock, thread: Channel) -> Message:
    clock.advance(72)
    await tick(box, clock)
    notices = deadline_notices(box, thread)
    assert len(notices) == 1
    return notices[0]


async def test_a_passed_deadline_offers_the_others_skip_and_remove_once(box: Sandbox, clock: Clock) -> None:
    ana, ben, cy = box.user("ana"), box.user("ben"), box.user("cy")
    _, thread = await open_game(box, "marrakech", ana, [ben, cy])
    late = mover(box, thread)
    clock.advance(71)
    await tick(box, clock)
    assert not deadline_notices(box, thread)

    notice = await deadline_passes(box, clock, thread)
    assert sorted(notice.mentions) == sorted(u.id for u in (ana, ben, cy) if u is not late)
    assert late.name.capitalize() in notice.content
    assert button(notice, "Skip their turn") and button(notice, "Remove them from the game")
    clock.advance(1)
    await tick(box, clock)
    assert len(deadline_notices(box, thread)) == 1, "one notice per turn"


async def test_skip_plays_the_safe_default_move_for_the_late_player(box: Sandbox, clock: Clock) -> None:
    ana, ben, eve = box.user("ana"), box.user("ben"), box.user("eve")
    game_id, thread = await open_game(box, "marrakech", ana, [ben])
    late = mover(box, thread)
    other = ben if late is ana else ana
    notice = await deadline_passes(box, clock, thread)

    it = await click_label(box, late, notice, "Skip their turn")
    assert it.ephemeral and "your own turn" in it.content
    it = await click_label(box, eve, notice, "Skip their turn")
    assert it.ephemeral and "Only the players" in it.content

    it = await click_label(box, other, notice, "Skip their turn")
    assert not it.ephemeral
    board = boards(box, thread)[-1]
    assert "skipped" in board.content and to_move(box, board) is other
    moves = [m for m in await box.bot.host.store.moves(game_id) if m.kind == "move"]
    assert moves[0].move == "straight" and moves[1].move.startswith("place ")
    assert all(m.user_id == other.id for m in moves)
    assert not notice.button_ids, "the notice's buttons are gone once used"


async def test_the_late_player_moving_makes_the_deadline_buttons_stale(box: Sandbox, clock: Clock) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    _, thread = await open_game(box, "marrakech", ana, [ben])
    late = mover(box, thread)
    other = ben if late is ana else ana
    notice = await deadline_passes(box, clock, thread)
    await finish_turn(box, thread)
    it = await click_label(box, other, notice, "Remove them from the game")
    assert it.ephemeral and "moved on" in it.content
    assert "left the game" not in boards(box, thread)[-1].content


async def test_half_a_late_turn_gets_a_fresh_notice_and_skip_finishes_the_turn(box: Sandbox, clock: Clock) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    game_id, thread = await open_game(box, "marrakech", ana, [ben])
    late = mover(box, thread)
    other = ben if late is ana else ana
    stale = await deadline_passes(box, clock, thread)
    clock.advance(1)
    it = await box.fake.slash(late, thread, "marrakech turn", {"direction": "left"})
    await it.done()
    it = await click_label(box, other, stale, "Skip their turn")
    assert it.ephemeral and "moved on" in it.content

    clock.advance(1)
    await tick(box, clock)
    await tick(box, clock)
    notices = deadline_notices(box, thread)
    assert len(notices) == 2
    it = await click_label(box, other, notices[-1], "Skip their turn")
    assert not it.ephemeral and mover(box, thread) is other
    moves = [m for m in await box.bot.host.store.moves(game_id) if m.kind == "move"]
    assert moves[0].move == "left" and moves[1].move.startswith("place ") and len(moves) == 2


async def test_remove_takes_the_late_player_out_and_the_game_goes_on(box: Sandbox, clock: Clock) -> None:
    ana, ben, cy = box.user("ana"), box.user("ben"), box.user("cy")
    game_id, thread = await open_game(box, "marrakech", ana, [ben, cy])
    late = mover(box, thread)
    other = next(u for u in (ana, ben, cy) if u is not late)
    notice = await deadline_passes(box, clock, thread)
    it = await click_label(box, other, notice, "Remove them from the game")
    assert not it.ephemeral
    board = boards(box, thread)[-1]
    assert "removed" in board.content and "left the game" in board.content
    assert to_move(box, board) not in (late, None)
    record = await box.bot.host.store.get_game(game_id)
    state = engines.get("marrakech").loads(record.state)
    assert record.status == "active" and state.resigned == [
        next(s.seat for s in await box.bot.host.store.seats(game_id) if s.user_id == late.id)
    ]
    assert [m.kind for m in await box.bot.host.store.moves(game_id)][-1] == "resign"


async def test_removing_one_of_two_players_ends_the_game_and_archives_its_thread(box: Sandbox, clock: Clock) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    game_id, thread = await open_game(box, "marrakech", ana, [ben])
    late = mover(box, thread)
    other = ben if late is ana else ana
    notice = await deadline_passes(box, clock, thread)
    await click_label(box, other, notice, "Remove them from the game")
    board = boards(box, thread)[-1]
    assert "Final scores" in board.content
    assert (await box.bot.host.store.get_game(game_id)).status == "finished"
    assert await box.settle()  # the animated replay is drawn in the background; the archiving follows it
    assert thread.archived, "a finished game's thread is archived after the final scores and the replay"


async def test_nobody_can_skip_before_the_deadline(box: Sandbox, clock: Clock) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    game_id, thread = await open_game(box, "marrakech", ana, [ben])
    other = ben if mover(box, thread) is ana else ana
    record = await box.bot.host.store.get_game(game_id)
    clock.advance(70)
    with pytest.raises(Refused) as refused:
        await box.bot.host.skip_turn(game_id, other.id, record.version)
    assert refused.value.code == "deadline_not_passed" and duration_text(float(refused.value.params["left"])) == "2 h"


async def test_auto_skip_skips_a_late_turn_by_itself(box: Sandbox, clock: Clock) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    options = {"deadline_hours": 2, "auto_skip": True}
    game_id, thread = await open_game(box, "marrakech", ana, [ben], options)
    late = mover(box, thread)
    clock.advance(1.9)
    await tick(box, clock)
    assert boards(box, thread)[-1].mentions == [late.id]

    clock.advance(0.1)
    await tick(box, clock)
    await tick(box, clock)
    board = boards(box, thread)[-1]
    assert "ran out of time" in board.content and to_move(box, board) not in (late, None)
    assert not deadline_notices(box, thread), "no buttons: the bot acted"
    skipped = [m for m in await box.bot.host.store.moves(game_id) if m.kind == "move"]
    assert len(skipped) == 2 and all(m.user_id is None for m in skipped)


async def test_kairo_skip_draws_two_cards_from_the_deck(box: Sandbox, clock: Clock) -> None:
    engine = engines.get("cairo")
    store = box.bot.host.store
    ana, ben = box.user("ana"), box.user("ben")
    game_id, _ = await open_game(box, "cairo", ana, [ben], {"deadline_hours": 1, "auto_skip": True})

    async def state():
        return engine.loads((await store.get_game(game_id)).state)

    for _ in range(30):  # the stall-placing rounds go by default moves too
        if (await state()).phase == "play":
            break
        clock.advance(1)
        await tick(box, clock)
    seat = engine.to_move(await state())
    logged = len(await store.moves(game_id))
    clock.advance(1)
    await tick(box, clock)
    skipped = [m for m in (await store.moves(game_id))[logged:] if m.kind == "move"]
    assert [m.move for m in skipped[:2]] == ["take deck", "take deck"]
    assert {m.seat for m in skipped} == {seat} and engine.to_move(await state()) != seat


async def test_the_deadline_notice_does_not_ping_a_player_who_resigned(box: Sandbox, clock: Clock) -> None:
    ana, ben, cy = box.user("ana"), box.user("ben"), box.user("cy")
    _, thread = await open_game(box, "marrakech", ana, [ben, cy])
    late = mover(box, thread)
    gone, stays = (u for u in (ana, ben, cy) if u is not late)
    await resign(box, gone, thread, "marrakech")
    after = boards(box, thread)[-1]  # still the late player's turn: named, not pinged again
    assert f"<@{late.id}>" in after.content and after.mentions == []
    notice = await deadline_passes(box, clock, thread)
    assert notice.mentions == [stays.id]


async def test_an_auto_skip_that_failed_is_done_after_a_restart(box: Sandbox, clock: Clock, monkeypatch) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    _, thread = await open_game(box, "marrakech", ana, [ben], {"deadline_hours": 2, "auto_skip": True})
    late = mover(box, thread)

    async def down(*args: object, **kwargs: object) -> None:
        raise ConnectionError("the bot went down mid-skip")

    monkeypatch.setattr(box.bot.host, "skip_turn", down)
    clock.advance(2)
    await tick(box, clock)
    assert mover(box, thread) is late
    await box.restart_bot()
    await started(box)
    board = boards(box, thread)[-1]
    assert "ran out of time" in board.content and to_move(box, board) not in (late, None)


# ---- the inbox ------------------------------------------------------------------------------------
async def game_where(box: Sandbox, channel: Channel, creator: User, other: User, to_play: User) -> Channel:
    """A two-player game opened in ``channel`` and played until it is ``to_play``'s turn."""
    it = await settled(box.fake.slash(creator, channel, "marrakech new"))
    assert not it.ephemeral, it.content
    thread = box.fake.threads(channel)[-1]
    await click_label(box, other, box.fake.messages(thread)[0], "Join")
    await click_label(box, creator, box.fake.messages(thread)[0], "Start")
    await turn_of(box, thread, to_play)
    return thread


async def test_the_inbox_lists_games_across_servers_your_turns_first_longest_waiting_first(
    box: Sandbox, clock: Clock
) -> None:
    fake = box.fake
    ana, ben, cy = box.user("ana"), box.user("ben"), box.user("cy")
    other = fake.add_guild("Other", owner=fake.add_user("olga"))
    elsewhere = fake.add_text_channel(other, "tables")
    for user in (ana, ben, cy):
        fake.add_member(other, user)

    first = await game_where(box, box.channel, ana, ben, ana)
    clock.advance(1)
    second = await game_where(box, elsewhere, ana, cy, ana)
    clock.advance(1)
    third = await game_where(box, box.channel, cy, ana, cy)
    clock.advance(1)
    fourth = await game_where(box, elsewhere, ben, ana, ben)
    clock.advance(2)

    it = await fake.slash(ana, elsewhere, "bazaar games")
    assert it.ephemeral
    lines = it.content.splitlines()
    assert len(lines) == 4
    expected = [(first, box.guild, "Your turn", "5 h"), (second, other, "Your turn", "4 h")]
    expected += [(third, box.guild, "Cy's turn", "3 h"), (fourth, other, "Ben's turn", "2 h")]
    for line, (thread, guild, whose, waited) in zip(lines, expected, strict=True):
        assert f"https://discord.com/channels/{guild.id}/{thread.id}" in line
        assert whose in line and f"waiting {waited}" in line and f"on {guild.name}" in line

    it = await fake.slash(cy, box.channel, "bazaar games")
    assert "Your turn" in it.content.splitlines()[0] and "Ana's turn" in it.content.splitlines()[1]


async def test_the_inbox_of_someone_in_no_game_says_how_to_start_one(box: Sandbox) -> None:
    it = await box.fake.slash(box.user("zed"), box.channel, "bazaar games")
    assert it.ephemeral and "/marrakech new" in it.content


# ---- server settings --------------------------------------------------------------------------------
async def test_server_settings_need_manage_server_and_shape_new_games(box: Sandbox) -> None:
    fake = box.fake
    ana, mod = box.user("ana"), box.user("mod", manage_guild=True)
    lounge = fake.add_text_channel(box.guild, "lounge")
    it = await fake.slash(ana, box.channel, "bazaar settings", {"threads": False})
    assert it.ephemeral and "Manage Server" in it.content

    it = await fake.slash(
        mod,
        box.channel,
        "bazaar settings",
        {"reminder_hours": 12, "deadline_hours": 0, "threads": False, "channel": box.channel},
    )
    assert it.ephemeral and "12 h" in it.content and "no turn deadline" in it.content
    assert f"<#{box.channel.id}>" in it.content

    it = await settled(fake.slash(ana, lounge, "marrakech new"))
    assert it.ephemeral and f"<#{box.channel.id}>" in it.content
    assert not fake.messages(lounge)

    threads_before = len(fake.threads(box.channel))
    it = await settled(fake.slash(ana, box.channel, "marrakech new", {"deadline_hours": 48}))
    assert not it.ephemeral and "opened **Marrakech" in it.content and "48 h" in it.content
    assert any("waiting for players" in m.content for m in fake.messages(box.channel)[-2:])
    assert len(fake.threads(box.channel)) == threads_before, "threads are off: the lobby is in the channel"
    game_id = (await box.bot.host.store.list_games(user_id=ana.id))[-1].id
    assert await box.bot.host.schedule.timing(game_id) == Timing(12, 48, False)

    await fake.slash(mod, box.channel, "bazaar settings", {"any_channel": True, "threads": True})
    it = await settled(fake.slash(ana, lounge, "marrakech new"))
    assert not it.ephemeral and fake.threads(lounge), "any channel again, with a thread"


async def test_a_server_may_post_wide_boards_in_its_threads(box: Sandbox) -> None:
    fake = box.fake
    ana, ben, mod = box.user("ana"), box.user("ben"), box.user("mod", manage_guild=True)

    def shape(message: Message) -> tuple[int, int]:
        return Image.open(BytesIO(message.files[0][1])).size

    it = await fake.slash(mod, box.channel, "bazaar settings")
    assert it.ephemeral and "Boards in games' threads: phone" in it.content
    _, thread = await open_game(box, "marrakech", ana, [ben])
    width, height = shape(boards(box, thread)[-1])
    assert height > width, "the phone layout by default: taller than wide"

    it = await fake.slash(mod, box.channel, "bazaar settings", {"board": "landscape"})
    assert it.ephemeral and "Boards in games' threads: wide" in it.content
    _, other = await open_game(box, "marrakech", ana, [ben])
    width, height = shape(boards(box, other)[-1])
    assert width > height, "a wide board in the threads once the server chose it"
    private = await settled(fake.slash(ana, box.channel, "marrakech board", {"game": 2}))
    assert Image.open(BytesIO(private.files[0][1])).height > Image.open(BytesIO(private.files[0][1])).width, (
        "a player's own images keep their layout (phone)"
    )

    it = await fake.slash(mod, box.channel, "bazaar settings", {"board": "phone"})
    assert "Boards in games' threads: phone" in it.content


# ---- restarts -----------------------------------------------------------------------------------------
async def test_a_reminder_due_while_the_bot_was_down_is_sent_once_when_it_is_back(box: Sandbox, clock: Clock) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    _, thread = await open_game(box, "marrakech", ana, [ben])
    late = mover(box, thread)
    await box.stop_bot()
    clock.advance(30)
    await box.start_bot()
    await started(box)
    assert [m.mentions for m in reminders(box, thread)] == [[late.id]]
    await tick(box, clock)
    await box.restart_bot()
    await started(box)
    assert len(reminders(box, thread)) == 1


async def test_deadline_buttons_work_after_a_restart(box: Sandbox, clock: Clock) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    _, thread = await open_game(box, "marrakech", ana, [ben])
    other = ben if mover(box, thread) is ana else ana
    notice = await deadline_passes(box, clock, thread)
    await box.restart_bot()
    await started(box)
    assert len(deadline_notices(box, thread)) == 1
    it = await click_label(box, other, notice, "Skip their turn")
    assert not it.ephemeral and mover(box, thread) is other


# ---- archived threads -----------------------------------------------------------------------------------
async def whole_turn(box: Sandbox, user: User, game_id: int) -> Interaction:
    """``user`` turns Assam with the command, outside the thread (answered privately: the board as it stands and
    the carpet's choices; nothing posted yet), then lays a carpet from that reply: the turn passes, its board
    is posted. The command's interaction comes back."""
    it = await settled(box.fake.slash(user, box.channel, "marrakech turn", {"direction": "straight", "game": game_id}))
    prompt = private_prompt(it)
    assert prompt is not None and prompt.files, it.content
    placed = await press_something(box, prompt, random.Random(1), user)
    await placed.done()
    return it


async def test_a_move_into_a_thread_archived_for_inactivity_reopens_it(box: Sandbox) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    game_id, thread = await open_game(box, "marrakech", ana, [ben])
    board = boards(box, thread)[-1]
    late = mover(box, thread)
    box.fake.set_archived(thread, locked=False)
    await box.fake.idle()
    it = await whole_turn(box, late, game_id)
    assert it.ephemeral and "Done" in it.content
    assert not thread.archived and boards(box, thread)[-1].id != board.id


async def test_a_reminder_reaches_an_archived_thread(box: Sandbox, clock: Clock) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    _, thread = await open_game(box, "marrakech", ana, [ben])
    box.fake.set_archived(thread, locked=False)
    await box.fake.idle()
    clock.advance(24)
    await tick(box, clock)
    assert len(reminders(box, thread)) == 1 and not thread.archived


async def test_a_thread_a_moderator_archived_and_locked_is_reopened_for_the_next_board(box: Sandbox) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    game_id, thread = await open_game(box, "marrakech", ana, [ben])
    late = mover(box, thread)
    box.fake.set_archived(thread, locked=True)
    await box.fake.idle()
    await whole_turn(box, late, game_id)
    assert not thread.archived and "kept Assam" in boards(box, thread)[-1].content  # the whole turn, one post
    assert not boards(box, box.channel)


async def test_a_locked_thread_the_bot_cannot_reopen_gets_the_board_in_its_channel(box: Sandbox) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    game_id, thread = await open_game(box, "marrakech", ana, [ben])
    late = mover(box, thread)
    box.fake.set_bot_permissions(permissions.BOT_DEFAULT & ~permissions.MANAGE_THREADS)
    box.fake.set_archived(thread, locked=True)
    await box.fake.idle()
    await whole_turn(box, late, game_id)
    moved = boards(box, box.channel)
    assert moved and "thread is locked to the bot" in moved[-1].content and "placed a" in moved[-1].content


# ---- pieces ---------------------------------------------------------------------------------------------
def test_waits_read_as_players_say_them() -> None:
    assert [duration_text(s) for s in (59, 5 * 60, 3 * HOUR, 50 * HOUR, 72 * HOUR)] == [
        "0 min",
        "5 min",
        "3 h",
        "2 d 2 h",
        "3 d",
    ]
