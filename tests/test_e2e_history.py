"""Catch-up, the log, undo with consent and spectators, end to end: the real bot against the fake Discord."""

from __future__ import annotations

import random

import pytest
from e2e import PNG_MAGIC, answer, boards, button, click_label, open_game, settled, to_move, user_by_id
from test_e2e_jambo_private import deal, pick, with_buttons

import engines
from bot.core.host import replay_log
from offline.fakediscord.state import Channel, Interaction, Message, User
from offline.sandbox import Sandbox


async def take_turn(
    box: Sandbox, thread: Channel, rng: random.Random, prompt: Message | None = None, mover: User | None = None
) -> tuple[User, Message]:
    """One step: the pinged player answers the newest board (or ``mover`` their own private reply ``prompt``)
    with a button or the menu; returns who moved and the next prompt — the new board when the turn passed, else
    the mover's private reply (the board as it stands and their next choices: nothing posted)."""
    prompt = prompt or boards(box, thread)[-1]
    mover = mover or to_move(box, prompt)
    assert mover is not None
    return mover, await answer(box, thread, prompt, rng, mover)


async def whole_marrakech_turn(box: Sandbox, thread: Channel, rng: random.Random) -> User:
    """Turn Assam (the die rolls: answered privately), then place the carpet (3-4 players: one's own colour): the
    turn's one post."""
    before = len(boards(box, thread))
    mover, prompt = await take_turn(box, thread, rng)
    assert len(boards(box, thread)) == before and prompt.ephemeral and prompt.files, "a step inside the turn"
    await take_turn(box, thread, rng, prompt, mover)
    assert len(boards(box, thread)) == before + 1, "one turn, one post"
    return mover


async def slash(box: Sandbox, user: User, channel: Channel, path: str, options: dict | None = None) -> Interaction:
    it = await box.fake.slash(user, channel, path, options or {})
    await it.done()
    return it


async def state_of(box: Sandbox, game_id: int):
    record = await box.bot.host.store.get_game(game_id)
    return engines.get(record.game).loads(record.state)


def undo_request(box: Sandbox, thread: Channel) -> Message:
    """The newest undo request message of the thread (open or answered)."""
    return next(m for m in reversed(box.fake.messages(thread)) if "take back" in m.content or "took back:" in m.content)


# ---- catch-up -------------------------------------------------------------------------------------------
async def test_catchup_tells_each_player_what_the_others_did_since_their_last_move(sandbox: Sandbox) -> None:
    ana, ben, cy = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("cy")
    _, thread = await open_game(sandbox, "marrakech", ana, [ben, cy])
    rng = random.Random(4)
    first = await whole_marrakech_turn(sandbox, thread, rng)
    second = await whole_marrakech_turn(sandbox, thread, rng)
    third = await whole_marrakech_turn(sandbox, thread, rng)

    it = await slash(sandbox, first, thread, "marrakech catchup")
    assert it.ephemeral and "since your last move" in it.content
    lines = it.content.splitlines()
    assert lines[1].startswith(f"2. {second.name.capitalize()} ") and lines[2].startswith(
        f"3. {third.name.capitalize()} "
    )
    assert f"{first.name.capitalize()} placed" not in it.content
    assert "a frame marks each place that changed" in it.content and "It's your turn" in it.content
    (name, png), *_ = it.files
    assert name.endswith(".png") and png.startswith(PNG_MAGIC)
    plain = await slash(sandbox, first, thread, "marrakech board")
    assert plain.files[0][1] != png, "the catch-up board frames the changed squares"

    it = await slash(sandbox, third, thread, "marrakech catchup")
    assert "Nothing has happened since your last move." in it.content
    assert f"Waiting for {first.name.capitalize()}" in it.content
    assert not it.files and "frame" not in it.content, "no image and no legend when nothing changed"


async def test_catchup_hides_the_cards_other_players_drew(sandbox: Sandbox) -> None:
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    _, thread = await open_game(sandbox, "cairo", ana, [ben], {"start": "preset"})
    drawer = to_move(sandbox, boards(sandbox, thread)[-1])
    other = ben if drawer is ana else ana
    it = await slash(sandbox, drawer, thread, "cairo draw", {"first": "deck", "second": "deck"})
    assert "Done" in it.content, it.content

    it = await slash(sandbox, other, thread, "cairo catchup")
    drawer_name = drawer.name.capitalize()
    assert it.ephemeral and "since the start" in it.content
    assert f"{drawer_name} draws a card from the deck (×2)" in it.content
    assert f"{drawer_name} draws the " not in it.content and f"{drawer_name} is dealt the " not in it.content
    assert f"{other.name.capitalize()} is dealt the " in it.content, "your own cards are named"

    it = await slash(sandbox, drawer, thread, "cairo log")
    assert it.content.count(f"{drawer_name} draws the ") == 2, "the drawer reads their own cards in the log"


# ---- log ----------------------------------------------------------------------------------------------------
async def test_the_log_is_paged_with_buttons_and_spectators_read_it_too(sandbox: Sandbox) -> None:
    ana, ben, eve = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("eve")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben])
    rng = random.Random(5)
    for _ in range(20):
        await whole_marrakech_turn(sandbox, thread, rng)
    it = await slash(sandbox, eve, sandbox.channel, "marrakech log", {"game": game_id})
    assert it.ephemeral and "as spectators see it" in it.content
    header = it.content.splitlines()[0]
    page, pages = header.split("page ")[1].split(" ")[0].split("/")
    assert page == pages and int(pages) > 1, "the newest page comes first"
    newest_first_line = it.content.splitlines()[1]

    older = await sandbox.fake.click(eve, it.message, button(it.message, "◀ Older"))
    await older.done()
    edited = older.message
    assert f"page {int(pages) - 1}/{pages}" in edited.content
    first_number = int(edited.content.splitlines()[1].split(".")[0])
    assert first_number < int(newest_first_line.split(".")[0])
    assert not it.files, "no file while the game runs"
    it = await slash(sandbox, ana, thread, "marrakech log", {"page": 1})
    assert f"page 1/{pages} (as you may read it)" in it.content and it.content.splitlines()[1].startswith("1. ")


@pytest.mark.slow  # a whole game
async def test_a_finished_games_log_comes_as_a_text_file(sandbox: Sandbox) -> None:
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben])
    rng = random.Random(6)
    while "Game over" not in boards(sandbox, thread)[-1].content:
        await whole_marrakech_turn(sandbox, thread, rng)
    it = await slash(sandbox, ana, thread, "marrakech log")
    (name, data), *_ = it.files
    text = data.decode("utf-8")
    assert name == f"marrakech-{game_id}-log.txt"
    assert text.startswith(f"Marrakech #{game_id}\nPlayers: 1. ")
    assert "Game over" in text and "Winner" in text
    numbered = [line for line in text.splitlines() if line[:1].isdigit() and ". " in line]
    assert [int(line.split(".")[0]) for line in numbered] == list(range(1, len(numbered) + 1))


# ---- undo ------------------------------------------------------------------------------------------------------
async def test_undo_is_granted_when_everyone_agrees_even_across_a_restart(sandbox: Sandbox) -> None:
    ana, ben, cy = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("cy")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben, cy])
    rng = random.Random(7)
    store = sandbox.bot.host.store
    mover, prompt = await take_turn(sandbox, thread, rng)
    before_place = await store.get_game(game_id)
    await take_turn(sandbox, thread, rng, prompt, mover)
    others = [u for u in (ana, ben, cy) if u is not mover]

    it = await slash(sandbox, mover, thread, "marrakech undo")
    assert it.ephemeral and "Asked the other players" in it.content
    request = undo_request(sandbox, thread)
    assert "asks to take back" in request.content and "placed a" in request.content
    assert sorted(request.mentions) == sorted(u.id for u in others)
    await click_label(sandbox, others[0], request, "Agree")
    request = undo_request(sandbox, thread)
    assert f"Agreed so far: {others[0].name.capitalize()}" in request.content and request.button_ids
    await sandbox.restart_bot()
    await click_label(sandbox, others[1], request, "Agree")

    assert "everyone agreed" in undo_request(sandbox, thread).content
    assert not undo_request(sandbox, thread).button_ids
    board = boards(sandbox, thread)[-1]
    assert "took back a move" in board.content and to_move(sandbox, board) is mover
    assert "place a" in board.content
    store = sandbox.bot.host.store  # the restarted bot's
    record = await store.get_game(game_id)
    assert record.state == before_place.state
    log = await store.moves(game_id)
    assert log[-1].undone and engines.get("marrakech").dumps(replay_log(record, 3, log)) == record.state
    it = await slash(sandbox, cy, thread, "marrakech log")
    assert it.content.splitlines()[-1].endswith("(undone)")


async def test_undo_is_refused_after_a_die_roll(sandbox: Sandbox) -> None:
    ana, ben, cy = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("cy")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben, cy])
    mover, _ = await take_turn(sandbox, thread, random.Random(8))
    before = await sandbox.bot.host.store.get_game(game_id)
    it = await slash(sandbox, mover, thread, "marrakech undo")
    assert it.ephemeral and "chance has spoken" in it.content and "rolled" in it.content
    assert await sandbox.bot.host.store.get_game(game_id) == before
    assert not any("take back" in m.content for m in sandbox.fake.messages(thread))


async def test_kairo_undo_of_a_customer_is_granted_but_a_deck_draw_is_not(sandbox: Sandbox) -> None:
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "cairo", ana, [ben], {"start": "preset"})
    first = to_move(sandbox, boards(sandbox, thread)[-1])
    second = ben if first is ana else ana
    state = await state_of(sandbox, game_id)
    attract = next(m for m in engines.get("cairo").legal_moves(state) if m.startswith("attract "))
    _, customer, _, entrance = attract.split()
    it = await slash(sandbox, first, thread, "cairo attract", {"customer": customer, "entrance": entrance})
    assert "Done" in it.content, it.content

    await slash(sandbox, first, thread, "cairo undo")
    request = undo_request(sandbox, thread)
    assert f"sends the {customer} customer" in request.content and request.mentions == [second.id]
    await click_label(sandbox, second, request, "Agree")
    assert engines.get("cairo").dumps(await state_of(sandbox, game_id)) == engines.get("cairo").dumps(state)
    assert to_move(sandbox, boards(sandbox, thread)[-1]) is first

    it = await slash(sandbox, first, thread, "cairo draw", {"first": "deck", "second": "deck"})
    assert "Done" in it.content, it.content
    it = await slash(sandbox, first, thread, "cairo undo")
    assert it.ephemeral and "chance has spoken" in it.content and "draws the " in it.content
    it = await slash(sandbox, second, thread, "cairo log")
    lines = it.content.splitlines()
    assert any(line.endswith("(undone)") and f"the {customer} customer" in line for line in lines)


async def test_a_player_alone_with_a_computer_takes_a_move_back_at_once(sandbox: Sandbox) -> None:
    """A computer agrees at once: the move comes back without a request nobody could answer, and no message pings
    the computer (Discord refuses a mention of its id: the fixture fails the test on any request Discord refuses)."""
    ana = sandbox.user("ana")
    game_id, thread = await open_game(sandbox, "jambo", ana, [], {"computers": 1})
    await sandbox.bot.get_cog("Computers").turns.idle()
    await sandbox.fake.idle()
    assert to_move(sandbox, boards(sandbox, thread)[-1]) is ana
    played = await sandbox.bot.host.snapshot(game_id)
    await deal(sandbox, game_id, played.seat_of(ana.id), "small stand")
    before = await state_of(sandbox, game_id)
    older = with_buttons(await settled(sandbox.fake.slash(ana, thread, "jambo hand")))
    it = await slash(sandbox, ana, thread, "jambo play", {"card": "play small stand"})
    assert it.ephemeral and "out of date" not in it.content, it.content
    assert engines.get("jambo").dumps(await state_of(sandbox, game_id)) != engines.get("jambo").dumps(before)

    it = await slash(sandbox, ana, thread, "jambo undo")
    assert it.ephemeral and "took back" in it.content and "small stand for 6 gold" in it.content, it.content
    assert "agreed" not in it.content, "nobody was asked"
    after = await state_of(sandbox, game_id)  # replayed from the log (the test's own deal is not in it)
    seat = played.seat_of(ana.id)
    assert (after.gold[seat], after.smalls[seat], after.actions) == (before.gold[seat], before.smalls[seat], 0)
    assert not any("take back" in m.content for m in sandbox.fake.messages(thread)), "no request to answer"
    assert all(user > 0 for m in sandbox.fake.messages(thread) for user in m.mentions), "a computer is never pinged"
    board = boards(sandbox, thread)[-1]
    assert "took back a move" in board.content and f"<@{ana.id}>, it's your turn" in board.content
    assert board.content.count("built a small stand") == 1, "the headline names it; it is not news of the turn"
    assert "agreed" not in board.content
    version = (await sandbox.bot.host.store.get_game(game_id)).version
    stale = await settled(pick(sandbox, ana, older, "End "))
    assert "out of date" in stale.content and "as they stand now" not in stale.content, "the thread's board is current"
    assert (await sandbox.bot.host.store.get_game(game_id)).version == version


async def test_a_refusal_or_a_move_in_between_ends_the_request(sandbox: Sandbox) -> None:
    ana, ben, cy = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("cy")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben, cy])
    rng = random.Random(9)
    mover = await whole_marrakech_turn(sandbox, thread, rng)
    others = [u for u in (ana, ben, cy) if u is not mover]
    before = await sandbox.bot.host.store.get_game(game_id)

    await slash(sandbox, mover, thread, "marrakech undo")
    await click_label(sandbox, others[0], undo_request(sandbox, thread), "Refuse")
    closed = undo_request(sandbox, thread)
    assert f"{others[0].name.capitalize()} refused" in closed.content and not closed.button_ids
    assert await sandbox.bot.host.store.get_game(game_id) == before
    it = await slash(sandbox, mover, thread, "marrakech undo")
    assert it.ephemeral and "answer was no" in it.content

    second = await whole_marrakech_turn(sandbox, thread, rng)
    await slash(sandbox, second, thread, "marrakech undo")
    request = undo_request(sandbox, thread)
    await take_turn(sandbox, thread, rng)  # the next player turns Assam meanwhile
    third = next(u for u in (ana, ben, cy) if u is not second and u.id in request.mentions)
    await click_label(sandbox, third, request, "Agree")
    assert "void: the game has moved on" in undo_request(sandbox, thread).content
    assert not any(row.undone for row in await sandbox.bot.host.store.moves(game_id))


# ---- spectators -------------------------------------------------------------------------------------------------
async def test_anyone_in_the_server_can_look_but_only_players_act(sandbox: Sandbox) -> None:
    ana, ben, eve = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("eve")
    fake = sandbox.fake
    for game, options in (("marrakech", {}), ("cairo", {"start": "preset"})):
        game_id, thread = await open_game(sandbox, game, ana, [ben], options)
        it = await slash(sandbox, eve, thread, f"{game} board")
        assert it.ephemeral and it.files[0][1].startswith(PNG_MAGIC) and "Ana" in it.content
        it = await slash(sandbox, eve, sandbox.channel, f"{game} status", {"game": game_id})
        assert it.ephemeral and "Ana" in it.content and "Ben" in it.content and "<@" not in it.content
        it = await slash(sandbox, eve, thread, f"{game} catchup")
        assert it.ephemeral and "not playing" in it.content and f"/{game} log" in it.content
        it = await slash(sandbox, eve, thread, f"{game} undo")
        assert it.ephemeral and "not playing" in it.content
        it = await slash(sandbox, eve, thread, f"{game} play", {"move": "pass"})
        assert it.ephemeral and "not playing" in it.content

    _, thread = await open_game(sandbox, "marrakech", ana, [ben])
    board = boards(sandbox, thread)[-1]
    before = len(boards(sandbox, thread))
    it = await fake.click(eve, board, board.button_ids[0])
    await it.done()
    assert it.ephemeral and "not playing" in it.content and len(boards(sandbox, thread)) == before
    mover = await whole_marrakech_turn(sandbox, thread, random.Random(10))
    await slash(sandbox, mover, thread, "marrakech undo")
    it = await fake.click(eve, undo_request(sandbox, thread), button(undo_request(sandbox, thread), "Agree"))
    await it.done()
    assert it.ephemeral and "Only the players" in it.content
    assert undo_request(sandbox, thread).button_ids, "the request stays open"


# ---- one turn, one wording ---------------------------------------------------------------------------------------
PLAYERS = {"marrakech": 3, "cairo": 2, "morocco": 3, "jambo": 2}


def phrases(sentence: str) -> list[str]:
    """A worded turn as its phrases: repeats ("… (×3)") written out, each phrase's first letter in lower case
    (a post capitalises its first phrase; the log continues a turn's later posts after a semicolon)."""
    found: list[str] = []
    for part in sentence.strip().removesuffix(".").split("; "):
        text, times = part, 1
        if part.endswith(")") and " (×" in part:
            text, count = part.rsplit(" (×", 1)
            times = int(count[:-1])
        found += [text[:1].lower() + text[1:]] * times
    return found


async def log_lines(box: Sandbox, user: User, game: str, game_id: int) -> list[str]:
    """Every line of the game's log, page after page, without the turn numbers."""
    it = await slash(box, user, box.channel, f"{game} log", {"game": game_id, "page": 1})
    pages = int(it.content.splitlines()[0].split("/", 1)[1].split(" ", 1)[0])
    lines = it.content.splitlines()[1:]
    for page in range(2, pages + 1):
        it = await slash(box, user, box.channel, f"{game} log", {"game": game_id, "page": page})
        lines += it.content.splitlines()[1:]
    return [line.split(". ", 1)[1] for line in lines]


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(name, marks=[] if name in ("jambo", "marrakech") else [pytest.mark.slow])
        for name in engines.names()
    ],
)  # turns of a whole game each: two games in the quick run, all four in the full one
async def test_the_live_posts_and_the_log_word_every_turn_identically(sandbox: Sandbox, game: str) -> None:
    """A few turns of each game, decisions picked at random among the legal moves and made with ``/<game> play``:
    what the posts said, turn by turn, is what the log says (a turn: one player's decisions in a row)."""
    engine = engines.get(game)
    users = [sandbox.user(name) for name in ("ana", "ben", "cy")[: PLAYERS.get(game, engine.min_players)]]
    game_id, thread = await open_game(sandbox, game, users[0], users[1:])
    group = next(c for c in sandbox.fake.registered_commands() if c["name"] == game)
    option = next(o for o in group["options"] if o["name"] == "play")["options"][0]["name"]  # the move's option
    rng = random.Random(12)
    posted: list[list[str]] = []  # the turns the posts worded, one line each (between the title and who is next)
    for _ in range(14):
        played = await sandbox.bot.host.snapshot(game_id)
        seat = played.to_move
        assert seat is not None
        user = user_by_id(sandbox, played.user_of(seat))
        moves, state = [], played.state
        while not moves or engine.partial(state):  # a whole decision (a Kairo build and its payment)
            moves.append(rng.choice(engine.legal_moves(state)))
            state = engine.apply(state, moves[-1])
        move = "; ".join(moves)
        before = len(boards(sandbox, thread))
        it = await slash(sandbox, user, thread, f"{game} play", {option: move})
        assert not any(w in it.content for w in ("not a", "not your", "Sorry")), (move, it.content)
        for board in boards(sandbox, thread)[before:]:
            turns = [line for line in board.content.splitlines()[1:-1] if not line.startswith("Standings: ")]
            posted.extend(phrases(line) for line in turns)
    logged = [phrases(line) for line in await log_lines(sandbox, sandbox.user("eve"), game, game_id)]
    assert posted, "some turn passed"
    start = logged.index(posted[0])
    assert logged[start : start + len(posted)] == posted, "each post words its turns as the log does"
    assert len(logged) - start - len(posted) in (0, 1), "only the turn still being played is not posted yet"
