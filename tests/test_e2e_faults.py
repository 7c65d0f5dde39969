"""Nothing lost, nothing doubled, always an answer: the real bot against a fake Discord that fails on purpose.

Each failure players met is injected for real (429s longer than Discord's 3 seconds, 503s, a dropped
connection after Discord took the post), and each test checks what a player would notice: the move is
applied once, the mover is answered truthfully, the board arrives exactly once with the next player
pinged, and nothing goes to the wrong place. The bot's clock is the test's, so retries are reached by
moving it, never by sleeping.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from e2e import boards, open_game, press_something, private_prompt, private_replies, resign, settled, to_move

import engines
from bot.core.wording import say_for
from offline.fakediscord.faults import CALLBACK, SEND_MESSAGE
from offline.fakediscord.state import Channel, Interaction, Message, User, walk_components
from offline.sandbox import Sandbox

START = 1_750_000_000.0


class Clock:
    """The bot's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def box(tmp_path: Path, clock: Clock) -> AsyncIterator[Sandbox]:
    sandbox = Sandbox(tmp_path / "bazaar.db", rng=random.Random(3), clock=clock)
    await sandbox.start()
    try:
        yield sandbox
        assert not sandbox.fake.errors, f"the bot made requests Discord would reject: {sandbox.fake.errors}"
    finally:
        await sandbox.stop()


async def retry_everything(box: Sandbox, clock: Clock, seconds: float = 400.0) -> None:
    """Let the courier's retries fall due and run them."""
    clock.advance(seconds)
    await box.bot.courier.deliver_due(grace=0.0)
    await box.fake.idle()


async def applied_moves(box: Sandbox, game_id: int) -> int:
    return len([r for r in await box.bot.host.store.moves(game_id) if r.kind == "move"])


def boards_with(box: Sandbox, channel: Channel, text: str) -> list[Message]:
    return [m for m in boards(box, channel) if text in m.content]


async def test_a_board_post_refused_with_503s_arrives_later_and_pings_the_next_player(
    box: Sandbox, clock: Clock
) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    game_id, thread = await open_game(box, "marrakech", ana, [ben])
    channel_before = len(box.fake.messages(box.channel))
    board = boards(box, thread)[-1]
    mover, prompt = await turn_assam(box, thread)
    box.fake.faults.server_error(SEND_MESSAGE, 503, channel=thread, times=3)
    it = await lay_carpet(box, mover, prompt)
    assert "Sorry" not in it.content, "the move was applied: no apology"
    assert await applied_moves(box, game_id) == 2
    assert boards(box, thread)[-1].id == board.id, "Discord refused the post"
    assert len(box.fake.messages(box.channel)) == channel_before, "nothing goes to the channel instead"
    assert not box.fake.messages(box.channel)[1:] or all(
        "thread" not in m.content for m in box.fake.messages(box.channel)
    )
    for _ in range(3):
        await retry_everything(box, clock)
    new = boards(box, thread)[-1]
    assert new.id != board.id and to_move(box, new) not in (None, mover)
    assert "rolled" in new.content and "placed a" in new.content, "the whole turn, in one post"
    assert len(boards(box, thread)) == 2, "exactly one board for the turn"
    assert not await box.bot.host.store.pending_deliveries()


async def test_a_brief_503_on_the_thread_never_sends_the_board_to_the_channel(box: Sandbox, clock: Clock) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    _, thread = await open_game(box, "marrakech", ana, [ben])
    channel_before = len(box.fake.messages(box.channel))
    mover, prompt = await turn_assam(box, thread, 0)
    box.fake.faults.server_error(SEND_MESSAGE, 503, channel=thread, times=1)
    await lay_carpet(box, mover, prompt)
    await retry_everything(box, clock)
    assert len(box.fake.messages(box.channel)) == channel_before
    assert "(The game's thread" not in boards(box, thread)[-1].content


@pytest.mark.slow
async def test_a_rate_limit_longer_than_three_seconds_still_answers_the_click_and_posts_once(
    box: Sandbox,
) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    game_id, thread = await open_game(box, "marrakech", ana, [ben])
    mover, prompt = await turn_assam(box, thread, 2)
    box.fake.faults.rate_limit(SEND_MESSAGE, retry_after=3.5, channel=thread, times=1)
    it = await lay_carpet(box, mover, prompt)
    assert it.latency < 3.0, "the click is answered before the post waits out the rate limit"
    assert len(boards(box, thread)) == 2 and await applied_moves(box, game_id) == 2


async def test_a_post_discord_took_before_the_connection_dropped_is_not_posted_twice(
    box: Sandbox, clock: Clock
) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    _, thread = await open_game(box, "marrakech", ana, [ben])
    mover, prompt = await turn_assam(box, thread)
    box.fake.faults.drop(SEND_MESSAGE, channel=thread, applied=True, times=1)
    await lay_carpet(box, mover, prompt)
    await retry_everything(box, clock)
    assert len(boards(box, thread)) == 2, "the retry met the same nonce: Discord answered the first message"
    assert not await box.bot.host.store.pending_deliveries()


async def test_a_callback_discord_fails_does_not_lose_or_double_the_move(box: Sandbox, clock: Clock) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    game_id, thread = await open_game(box, "marrakech", ana, [ben])
    board = boards(box, thread)[-1]
    box.fake.faults.server_error(CALLBACK, 503, times=1)
    it = await box.fake.slash(to_move(box, board), thread, "marrakech turn", {"direction": "left"})
    await it.done()
    await retry_everything(box, clock)
    moves = await applied_moves(box, game_id)
    assert moves <= 1 and len(boards(box, thread)) == 1, "turning Assam is a step inside the turn: no post"


async def test_new_inside_a_games_thread_opens_a_new_thread_from_the_channel(box: Sandbox) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    _, thread = await open_game(box, "marrakech", ana, [ben])
    it = await settled(box.fake.slash(ben, thread, "cairo new"))
    threads = box.fake.threads(box.channel)
    assert len(threads) == 2 and threads[-1].name.startswith("Kairo #")
    assert "join in" in it.content
    lobbies = [m for m in box.fake.messages(thread) if "waiting for players" in m.content]
    assert not lobbies, "no second lobby inside the first game's thread"
    it = await settled(box.fake.slash(ana, thread, "marrakech status"))
    assert "Several" not in it.content


async def test_a_nickname_that_looks_like_a_mention_pings_nobody(box: Sandbox) -> None:
    ana = box.user("ana")
    victim = box.user("victim")
    sneaky = box.fake.add_user("sneaky")
    box.fake.add_member(box.guild, sneaky, nick=f"<@{victim.id}> @everyone")
    box.users["sneaky"] = sneaky
    _, thread = await open_game(box, "marrakech", ana, [sneaky])
    for message in box.fake.messages(thread):
        assert victim.id not in message.mentions, message.content
    assert any("sneaky" in m.content or "everyone" in m.content for m in box.fake.messages(thread))


async def test_a_forged_click_from_another_server_acts_on_nothing(box: Sandbox) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    game_id, thread = await open_game(box, "marrakech", ana, [ben])
    board = boards(box, thread)[-1]
    mover = to_move(box, board)
    other_guild = box.fake.add_guild("Elsewhere", owner=mover)
    other_channel = box.fake.add_text_channel(other_guild, "general")
    it = await box.fake.forged_click(mover, other_channel, board, board.button_ids[0])
    await it.done()
    assert it.ephemeral and "another server" in it.content
    assert await applied_moves(box, game_id) == 0


async def test_every_long_input_gets_a_short_answer(box: Sandbox) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    _, thread = await open_game(box, "marrakech", ana, [ben])
    mover = to_move(box, boards(box, thread)[-1])
    huge = "c3-d3 " * 330
    for path, options in (
        ("marrakech play", {"move": huge}),
        ("marrakech place", {"carpet": huge}),
        ("marrakech play", {"move": "x" * 1990}),
    ):
        it = await settled(box.fake.slash(mover, thread, path, options))
        assert it.ephemeral and 0 < len(it.content) < 400, it.content
    _, cairo_thread = await open_game(box, "cairo", ana, [ben], {"start": "preset"})
    drawer = to_move(box, boards(box, cairo_thread)[-1])
    for path, options in (
        ("cairo draw", {"first": "deck please " * 150}),
        ("cairo draw", {"first": "charlatan x"}),
        ("cairo build", {"stall": "y" * 900, "square": "c2", "door": "c3", "pay": "z" * 900}),
    ):
        it = await settled(box.fake.slash(drawer, cairo_thread, path, options))
        assert it.ephemeral and 0 < len(it.content) < 400, it.content
        assert "empty" not in it.content and "no charlatan" not in it.content.lower(), it.content


async def test_a_draft_reads_its_steps_in_the_players_language(box: Sandbox) -> None:
    ana, ben = box.user("ana", locale="es-ES"), box.user("ben", locale="es-ES")
    game_id, thread = await open_game(box, "cairo", ana, [ben], {"start": "preset"})
    mover = to_move(box, boards(box, thread)[-1])
    assert mover is not None
    played = await box.bot.host.snapshot(game_id)
    site = next(m for m in played.engine.legal_moves(played.state) if m.startswith("build "))
    typed = "  " + site.upper()  # as a player may type it: the engine's own spelling is worded
    draft = private_replies(await settled(box.fake.slash(mover, thread, "cairo play", {"move": typed})))[-1]
    assert "Hasta ahora: Construir " in draft.content, draft.content
    assert site.upper() not in draft.content, "a step is worded as its button, not in the notation a command takes"


async def test_a_half_made_build_is_held_privately_until_it_is_whole(box: Sandbox) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    game_id, thread = await open_game(box, "cairo", ana, [ben], {"start": "preset"})
    mover = to_move(box, boards(box, thread)[-1])
    played = await box.bot.host.snapshot(game_id)
    site = next(m for m in played.engine.legal_moves(played.state) if m.startswith("build "))
    before = await box.bot.host.store.get_game(game_id)
    boards_before = len(boards(box, thread))
    it = await settled(box.fake.slash(mover, thread, "cairo play", {"move": site}))
    draft = private_replies(it)[-1]
    label = say_for("cairo", tuple(played.names)).label(site, played.engine.view(played.state, played.to_move))
    assert label.startswith("Build a ") and site not in draft.content, "a step is worded as its button, not in notation"
    assert draft.ephemeral and f"So far: {label}" in draft.content and "Next:" in draft.content, draft.content
    assert (await box.bot.host.store.get_game(game_id)).version == before.version, "nothing on the table yet"
    assert len(boards(box, thread)) == boards_before
    cancel = next(c for c in draft.button_ids if c.startswith("bz:drx:"))
    step = (
        next(c for c in draft.button_ids if c.startswith("bz:dr:"))
        if any(c.startswith("bz:dr:") for c in draft.button_ids)
        else None
    )
    if step is None:
        menu = next(c for c in walk_components(draft.components) if c.get("type") == 3)
        done = await box.fake.select(mover, draft, menu["custom_id"], [menu["options"][0]["value"]])
    else:
        done = await box.fake.click(mover, draft, step)
    await done.done()
    assert (await box.bot.host.store.get_game(game_id)).version == before.version + 1, "the whole build, at once"
    assert len(boards(box, thread)) == boards_before + 1
    stale = await box.fake.click(mover, draft, cancel)
    await stale.done()
    assert (await box.bot.host.store.get_game(game_id)).version == before.version + 1


SAFE_TO_TRY = {"new", "join", "leave", "start", "abandon", "resign", "undo", "orders"}


@pytest.mark.parametrize("game", engines.names())
async def test_every_text_option_of_every_command_answers_a_huge_input_briefly(box: Sandbox, game: str) -> None:
    """Each string option of each ``/<game>`` command, 1,900 characters long, from the player to move."""
    ana, ben = box.user("ana"), box.user("ben")
    game_id, thread = await open_game(box, game, ana, [ben], {"start": "preset"} if game == "cairo" else {})
    mover = to_move(box, boards(box, thread)[-1])
    schema = next(c for c in box.fake.registered_commands() if c["name"] == game)
    tried = 0
    for command in schema["options"]:
        texts = [o for o in command.get("options", []) if o["type"] == 3 and not o.get("choices")]
        if command["name"] in SAFE_TO_TRY or not texts:
            continue
        chosen = {}
        for option in command.get("options", []):
            if option["type"] == 3:
                chosen[option["name"]] = option["choices"][0]["value"] if option.get("choices") else "ä" * 1900
            elif option.get("required") and option["type"] == 4:
                chosen[option["name"]] = 1
        before = (await box.bot.host.game(game_id)).version
        it = await settled(box.fake.slash(mover, thread, f"{game} {command['name']}", chosen))
        tried += 1
        assert it.ephemeral and 0 < len(it.content) < 2000, (command["name"], it.content)
        assert "Sorry" not in it.content, (command["name"], it.content)
        assert (await box.bot.host.game(game_id)).version == before, command["name"]
    assert tried >= 1


async def turn_assam(box: Sandbox, thread: Channel, index: int = 1) -> tuple[User, Message]:
    """The player to move turns Assam with a button of the board: a step inside their turn, answered to them
    alone (the board as it stands and the carpet's choices) while nothing is posted; returns them and that reply."""
    board = boards(box, thread)[-1]
    mover = to_move(box, board)
    assert mover is not None
    it = await box.fake.click(mover, board, board.button_ids[index])
    await it.done()
    prompt = private_prompt(it)
    assert prompt is not None and prompt.files and boards(box, thread)[-1].id == board.id, it.content
    return mover, prompt


async def a_carpet(box: Sandbox, game_id: int) -> str:
    """A legal carpet for the player to move, as ``/marrakech place carpet:`` takes it."""
    played = await box.bot.host.snapshot(game_id)
    return played.engine.legal_moves(played.state)[0].removeprefix("place ")


async def lay_carpet(box: Sandbox, mover: User, prompt: Message) -> Interaction:
    """The mover lays a carpet from their own reply: the turn passes, its one board is owed."""
    it = await press_something(box, prompt, random.Random(1), mover)
    await it.done()
    return it


async def test_an_interaction_delivered_twice_is_applied_once(box: Sandbox) -> None:
    ana, ben = box.user("ana"), box.user("ben")
    game_id, thread = await open_game(box, "marrakech", ana, [ben])
    board = boards(box, thread)[-1]
    it = await box.fake.click(to_move(box, board), board, board.button_ids[1])
    await it.done()
    version = (await box.bot.host.game(game_id)).version
    await box.fake.redeliver(it)
    assert (await box.bot.host.game(game_id)).version == version
    assert await applied_moves(box, game_id) == 1 and len(boards(box, thread)) == 1  # a step inside the turn
    status = await settled(box.fake.slash(ana, thread, "marrakech status"))
    await box.fake.redeliver(status)
    assert len([m for m in [status.message, *status.followups] if m is not None]) >= 1


async def test_news_of_a_board_that_never_went_out_arrives_with_the_next_one(box: Sandbox, clock: Clock) -> None:
    ana, ben, cy = box.user("ana"), box.user("ben"), box.user("cy")
    _, thread = await open_game(box, "marrakech", ana, [ben, cy])
    board = boards(box, thread)[-1]
    mover = to_move(box, board)
    quitter = next(u for u in (ana, ben, cy) if u is not mover)
    box.fake.faults.server_error(SEND_MESSAGE, 503, channel=thread, times=2)
    await resign(box, quitter, thread, "marrakech")
    turned = await settled(box.fake.slash(mover, thread, "marrakech turn", {"direction": "straight"}))
    prompt = private_prompt(turned)  # the resignation's board never went out: the command, then the own reply
    assert prompt is not None, turned.content
    await lay_carpet(box, mover, prompt)
    assert boards(box, thread)[-1].id == board.id, "Discord refused both posts"
    for _ in range(3):
        await retry_everything(box, clock)
    new = boards(box, thread)[1:]
    assert len(new) == 1, "the older board is folded into the newer one, not posted late"
    assert f"{quitter.name.title()} resigned" in new[0].content, "the resignation is not lost with its board"
    assert "rolled" in new[0].content and "placed a" in new[0].content
    assert to_move(box, new[0]) not in (None, mover), "the next player is pinged"


@pytest.mark.parametrize("how", ["command", "button"])
async def test_a_deferral_discord_took_before_the_connection_dropped_still_gets_its_answer(
    box: Sandbox, clock: Clock, how: str
) -> None:
    """Discord applies the deferral, the connection drops before its answer: the outcome still comes, once (the
    step that ends the turn: its board is posted, and a command's mover gets their answer)."""
    ana, ben = box.user("ana"), box.user("ben")
    game_id, thread = await open_game(box, "marrakech", ana, [ben])
    mover, prompt = await turn_assam(box, thread)
    box.fake.faults.drop(CALLBACK, applied=True, times=1)
    if how == "command":
        it = await box.fake.slash(mover, thread, "marrakech place", {"carpet": await a_carpet(box, game_id)})
    else:
        it = await press_something(box, prompt, random.Random(1), mover)  # the carpet's menu on their own reply
    await it.done()
    await retry_everything(box, clock)
    assert it.answer_lost and it.response_type is not None
    assert await applied_moves(box, game_id) == 2
    assert len(boards(box, thread)) == 2
    assert "placed a" in boards(box, thread)[-1].content, "the whole turn, in one post"
    if how == "command":
        assert it.message is not None and not it.message.loading, "the player is left on 'thinking…'"
        assert "left" in it.message.content.lower() or it.message.content, it.message


async def test_a_deferral_lost_before_discord_took_it_is_logged_and_the_board_still_posts(
    box: Sandbox, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    """The connection drops before Discord takes the deferral: the followup meets 10015, which is logged."""
    ana, ben = box.user("ana"), box.user("ben")
    game_id, thread = await open_game(box, "marrakech", ana, [ben])
    mover, _ = await turn_assam(box, thread)
    box.fake.faults.drop(CALLBACK, times=1)
    carpet = await a_carpet(box, game_id)
    with pytest.raises(AssertionError, match="did not answer"):
        await box.fake.slash(mover, thread, "marrakech place", {"carpet": carpet}, timeout=3.0)
    await retry_everything(box, clock)
    assert await applied_moves(box, game_id) == 2 and len(boards(box, thread)) == 2
    assert "never acknowledged" in caplog.text
    box.fake.errors.clear()  # the followup Discord refused (10015) is the point of the test
