"""``/bazaar export`` and ``/bazaar replay`` end to end: the real bot against the fake Discord, both databases."""

from __future__ import annotations

import io

from e2e import open_game, resign, settled

from bot.core.records_file import check_record, read_record, replay_to
from offline.sandbox import Sandbox


async def test_export_gives_a_record_that_replays_and_keeps_running_secrets(sandbox: Sandbox) -> None:
    fake = sandbox.fake
    ana, ben, eve = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("eve")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben])

    running = await settled(fake.slash(ana, thread, "bazaar export", {"game": game_id}))
    assert running.ephemeral and running.files, running.content
    name, data = running.files[0]
    assert name == f"marrakech-{game_id}.json"
    record = read_record(data)
    assert record.status == "active" and [s.name for s in record.seats] and record.outcome is None
    assert check_record(record).divergence is None

    stranger = await settled(fake.slash(eve, thread, "bazaar export", {"game": game_id}))
    assert stranger.ephemeral and not stranger.files and "only its players" in stranger.content

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
