"""The fake Discord held to Discord's own OpenAPI spec, its documented limits, rate limits and mention rules.

Raw HTTP requests (aiohttp, the bot's token) show what Discord answers a body it refuses, the
`X-RateLimit-*` headers and the 429; a small discord.py client shows that discord.py waits out the limits.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import pytest

from offline.fakediscord import Channel, FakeDiscord, Guild, User
from offline.fakediscord.limits import command_size
from offline.fakediscord.spec import ID_STRING, Problem, _Validator, spec
from offline.fakediscord.testing import run_bot, stop_bot


@dataclass
class Place:
    fake: FakeDiscord
    guild: Guild
    games: Channel
    other: Channel
    ana: User
    http: aiohttp.ClientSession

    async def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any, dict[str, str]]:
        """One REST request as the bot; the status, the JSON answer (None without one) and the headers."""
        async with self.http.request(method, self.fake.api_url + path, json=body) as response:
            text = await response.text()
            answer = json.loads(text) if response.content_type == "application/json" and text else None
            return response.status, answer, dict(response.headers)

    async def post(self, body: dict[str, Any], channel: Channel | None = None) -> tuple[int, Any]:
        status, answer, _ = await self.call("POST", f"/channels/{(channel or self.games).id}/messages", body)
        return status, answer


@pytest.fixture
async def place() -> AsyncIterator[Place]:
    fake = FakeDiscord()
    await fake.start()
    guild = fake.add_guild("Bazaar Test", owner=fake.add_user("olga"))
    games = fake.add_text_channel(guild, "games")
    other = fake.add_text_channel(guild, "other")
    ana = fake.add_member(guild, fake.add_user("ana"))
    async with aiohttp.ClientSession(headers={"Authorization": f"Bot {fake.token}"}) as http:
        yield Place(fake, guild, games, other, ana, http)
    await fake.stop()


BUTTONS = {
    "type": 1,
    "components": [
        {"type": 2, "style": 1, "custom_id": "a", "label": "A", "emoji": {"id": None, "name": "🎲"}},
        {"type": 2, "style": 5, "url": "https://example.com", "label": "Rules"},
    ],
}


# -- the spec: routes, requests, answers -------------------------------------------------------------


def test_requests_map_to_the_specs_operations() -> None:
    assert spec().operation("POST", "/channels/1/messages").template == "/channels/{channel_id}/messages"  # type: ignore[union-attr]
    webhook = spec().operation("PATCH", "/webhooks/1/tok/messages/@original")
    assert webhook is not None and webhook.template.endswith("/messages/@original")
    assert spec().operation("GET", "/nothing/here") is None


def test_the_validator_covers_what_the_spec_uses() -> None:
    schema = {"$ref": "#/components/schemas/MessageCreateRequest"}
    assert spec().validate(schema, {"content": None, "embeds": [{"title": "t"}]}, lenient_ids=True) == []
    problems = spec().validate(schema, {"content": 5, "embeds": [{"title": "x" * 300}] * 11}, lenient_ids=True)
    assert {(".".join(p.path), p.code) for p in problems} >= {
        ("content", "BASE_TYPE_BAD_TYPE"),
        ("embeds", "BASE_TYPE_MAX_LENGTH"),
        ("embeds.0.title", "BASE_TYPE_MAX_LENGTH"),
    }
    ids = {"$ref": "#/components/schemas/SnowflakeType"}
    assert spec().validate(ids, 12, lenient_ids=True) == []  # requests may send ids as integers
    assert spec().validate(ids, 12) != []  # Discord always answers strings
    assert spec().validate(ids, "012") != []


def test_a_body_given_as_it_came_is_judged_as_its_value() -> None:
    """The fake keys a request or answer by its text as it came: the verdict is the parsed value's, bad text twice."""
    schema = {"$ref": "#/components/schemas/MessageCreateRequest"}
    good = {"content": "hi", "embeds": [{"title": "t"}]}
    bad = {"content": 5, "embeds": [{"title": "x" * 300}]}
    for body in (good, bad, good, bad):
        text = json.dumps(body, separators=(",", ":"))  # as discord.py sends it: not as the fake writes it out
        assert spec().validate(schema, body, lenient_ids=True, text=text) == spec().validate(
            schema, body, lenient_ids=True
        )
    operation = spec().operation("POST", "/channels/1/messages")
    assert operation is not None
    answer = {"content": 5}
    assert (
        spec().response_problems(operation, 200, None, text=json.dumps(answer))
        == spec().response_problems(operation, 200, answer)
        != []
    )


def test_a_body_judged_again_is_judged_by_what_it_holds_now() -> None:
    """Verdicts are remembered (the bot syncs the same commands at every start): by the body's content, so a body
    changed since, or the same body against another schema, is judged afresh."""
    schema = {"$ref": "#/components/schemas/MessageCreateRequest"}
    body: dict[str, Any] = {"content": "hi"}
    assert spec().validate(schema, body, lenient_ids=True) == []
    body["content"] = 5
    first = spec().validate(schema, body, lenient_ids=True)
    assert [(".".join(p.path), p.code) for p in first] == [("content", "BASE_TYPE_BAD_TYPE")]
    first.clear()  # the caller's list is its own
    again = spec().validate(schema, body, lenient_ids=True)
    assert again != [] and again == spec().validate(dict(schema), {"content": 5}, lenient_ids=True)
    assert spec().validate({"$ref": "#/components/schemas/SnowflakeType"}, 5, lenient_ids=True) == []


JUDGED_BODIES: list[tuple[str, bool, Any]] = [
    (
        "MessageCreateRequest",
        True,
        {
            "content": "**Kairo #3** — <@123456789012345678>, your turn",
            "allowed_mentions": {"parse": [], "users": ["123456789012345678"], "replied_user": False},
            "embeds": [{"title": "Standings", "description": "Ana: 30", "color": 0x3366CC, "fields": []}],
            "components": [
                BUTTONS,
                {
                    "type": 1,
                    "components": [
                        {
                            "type": 3,
                            "custom_id": "m",
                            "options": [{"label": "a1", "value": "a1", "description": "a carpet"}],
                            "min_values": 1,
                            "max_values": 1,
                        }
                    ],
                },
            ],
            "attachments": [{"id": 0, "filename": "board.png", "description": "The board"}],
            "flags": 4096,
        },
    ),
    ("CreateMessageInteractionCallbackRequest", True, {"type": 4, "data": {"content": "Done.", "flags": 64}}),
    ("UpdateMessageInteractionCallbackRequest", True, {"type": 7, "data": {"components": [BUTTONS]}}),
    (
        "ApplicationCommandCreateRequest",
        True,
        {
            "name": "cairo",
            "description": "Play Kairo",
            "type": 1,
            "name_localizations": {"es-ES": "cairo"},
            "options": [
                {
                    "type": 1,
                    "name": "place",
                    "description": "Place a stall",
                    "options": [
                        {"type": 3, "name": "site", "description": "Where", "required": True, "autocomplete": True}
                    ],
                }
            ],
        },
    ),
    (
        "MessageResponse",
        False,
        {
            "id": "1234567890123456789",
            "channel_id": "1234567890123456780",
            "type": 0,
            "content": "hi",
            "author": {
                "id": "1234567890123456781",
                "username": "Bazaar",
                "discriminator": "0",
                "global_name": None,
                "avatar": None,
                "public_flags": 0,
                "flags": 0,
                "bot": True,
                "primary_guild": None,
            },
            "attachments": [],
            "embeds": [],
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
            "mention_everyone": False,
            "tts": False,
            "timestamp": "2026-11-27T10:00:00+00:00",
            "edited_timestamp": None,
            "flags": 0,
            "components": [],
        },
    ),
]
ODD_VALUES: list[Any] = [None, 5, -1, 5.5, 2.0, True, "", "x" * 5000, "0123", "123", [], {}, [None], {"z": 1}]


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (a key of an object, an index of an array), the root first."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _leaves(item, (*path, index))
    return found


def _changed(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    """``value`` with the place at ``path`` replaced by ``new`` (``_DROP``: the key or item taken out)."""
    if not path:
        return new
    copy: Any = json.loads(json.dumps(value))
    node = copy
    for step in path[:-1]:
        node = node[step]
    if new is _DROP:
        del node[path[-1]]
    else:
        node[path[-1]] = new
    return copy


_DROP = object()


@pytest.mark.parametrize(("name", "lenient", "body"), JUDGED_BODIES, ids=[b[0] for b in JUDGED_BODIES])
def test_the_compiled_pass_agrees_with_the_problems_walk(name: str, lenient: bool, body: Any) -> None:
    """``Spec.validate`` lists problems only for a body its compiled test fails: the two must agree on every body,
    the body as sent and each one-place change of it (a value of another type or size, a key taken out or added)."""
    judge = spec()
    schema = {"$ref": f"#/components/schemas/{name}"}
    passes = judge.passes(schema, lenient)
    checked = failed = 0
    for path in _leaves(body):
        for new in [*ODD_VALUES, *([_DROP] if path else [])]:
            value = _changed(body, path, new)
            problems: list[Problem] = []
            _Validator(judge, lenient, problems).check(schema, value, ())
            assert passes(value) == (not problems), (path, new, problems[:3])
            checked, failed = checked + 1, failed + bool(problems)
        if isinstance(body, dict) and not path:
            value = {**body, "no_such_field": 1}
            problems = []
            _Validator(judge, lenient, problems).check(schema, value, ())
            assert passes(value) == (not problems)
    assert passes(body) and 0 < failed < checked, (failed, checked)


async def test_an_answer_that_passed_stands_for_one_with_other_ids_and_no_other_change(place: Place) -> None:
    """The fake's answers are remembered with their ids renumbered (they differ at every start): sound only while no
    constraint of the spec tells one id from another but by equality, which this checks, and never for an answer
    with problems."""
    patterns: list[str] = []
    values: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            patterns.extend(v for v in [node.get("pattern")] if isinstance(v, str))
            values.extend(v for v in [node.get("const"), *(node.get("enum") or [])] if isinstance(v, str))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(spec().document)
    some_ids = ["10000000000000000", "98765432109876543210", "1234567890123456789"]
    assert patterns and values
    for pattern in patterns:  # every id matches it, or none does
        assert len({bool(re.search(pattern, i)) for i in some_ids}) == 1, pattern
    for value in values:
        assert not ID_STRING.fullmatch(json.dumps(value)), f"the spec names the id {value}"
    status, message = await place.post({"content": "hi"})
    operation = spec().operation("POST", f"/channels/{place.games.id}/messages")
    assert status == 200 and operation is not None
    assert spec().response_problems(operation, 200, message) == []
    assert spec().response_problems(operation, 200, {**message, "id": str(int(message["id"]) + 7)}) == []
    for bad in ({**message, "id": "0" + message["id"][1:]}, {**message, "content": 5}):  # no id; no text
        assert spec().response_problems(operation, 200, bad) != []
        assert spec().response_problems(operation, 200, bad) != [], "an answer with problems is judged afresh"
    unique = {"type": "array", "uniqueItems": True, "items": {"type": "string"}}
    assert spec().validate(unique, ["10000000000000001", "10000000000000002"], ids_alike=True) == []
    twice = spec().validate(unique, ["10000000000000005", "10000000000000005"], ids_alike=True)
    assert [p.code for p in twice] == ["ARRAY_TYPE_DUPLICATE"], "which ids are equal is kept"


async def test_a_body_that_breaks_the_spec_is_refused_and_recorded(place: Place) -> None:
    status, answer, _ = await place.call("POST", f"/channels/{place.games.id}/messages", {"content": 5, "tts": "no"})

    assert status == 400
    assert answer["code"] == 50035 and answer["message"] == "Invalid Form Body"
    assert answer["errors"]["content"]["_errors"][0]["code"] == "BASE_TYPE_BAD_TYPE"
    assert "tts" in answer["errors"]
    [problem] = place.fake.errors
    assert problem.status == 400 and "create_message" in problem.detail
    assert place.fake.messages(place.games) == []


async def test_the_fakes_answers_validate_against_the_spec(place: Place) -> None:
    status, message = await place.post({"content": "hi", "components": [BUTTONS], "allowed_mentions": {"parse": []}})
    me = await place.call("GET", "/users/@me")
    application = await place.call("GET", "/oauth2/applications/@me")

    assert status == 200
    operation = spec().operation("POST", f"/channels/{place.games.id}/messages")
    assert operation is not None and spec().response_problems(operation, 200, message) == []
    assert [c["id"] for c in message["components"]] == [1]  # Discord numbers components
    assert message["components"][0]["components"][0]["emoji"] == {"name": "🎲"}  # no "id": null
    assert me[0] == application[0] == 200
    assert place.fake.errors == []


async def test_an_answer_that_breaks_the_spec_is_recorded(place: Place) -> None:
    place.fake.world.bot_user.name = None  # type: ignore[assignment]

    status, _, _ = await place.call("GET", "/users/@me")

    assert status == 200
    [problem] = place.fake.errors
    assert "get_my_user" in problem.detail and "username" in problem.detail


# -- rate limits -------------------------------------------------------------------------------------


async def test_every_answer_carries_rate_limit_headers_and_the_sixth_post_in_5s_is_429(place: Place) -> None:
    remaining = []
    for number in range(5):
        status, _, headers = await place.call("POST", f"/channels/{place.games.id}/messages", {"content": f"{number}"})
        assert status == 200 and headers["X-RateLimit-Limit"] == "5"
        assert float(headers["X-RateLimit-Reset-After"]) <= 5 and headers["X-RateLimit-Bucket"]
        remaining.append(headers["X-RateLimit-Remaining"])

    status, answer, headers = await place.call("POST", f"/channels/{place.games.id}/messages", {"content": "6"})
    elsewhere, _, _ = await place.call("POST", f"/channels/{place.other.id}/messages", {"content": "other"})

    assert remaining == ["4", "3", "2", "1", "0"]
    assert status == 429 and answer["global"] is False and 0 < answer["retry_after"] <= 5
    assert headers["Retry-After"] in {"1", "2", "3", "4", "5"} and headers["X-RateLimit-Scope"] == "user"
    assert elsewhere == 200  # one bucket per channel
    assert place.fake.rate_limits.limited == ["POST /channels/{channel_id}/messages"]
    assert len(place.fake.messages(place.games)) == 5 and place.fake.errors == []
    _, _, headers = await place.call("GET", "/users/@me")
    assert headers["X-RateLimit-Limit"] == "50"


async def test_discordpy_waits_out_the_limit_and_every_post_arrives(place: Place) -> None:
    # the limit in real seconds, whatever FAKEDISCORD_RATE_LIMIT_SCALE the suite runs at (conftest: 0.1)
    place.fake.rate_limits.scale = 1.0
    place.fake.rate_limits.limits["POST /channels/{channel_id}/messages"] = (3, 0.5)
    place.fake.point_discord_py()
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05, chunk_guilds_at_startup=False)
    task = await run_bot(place.fake, client)
    try:
        channel = client.get_channel(place.games.id)
        assert isinstance(channel, discord.TextChannel)
        started = time.monotonic()
        await asyncio.gather(*(channel.send(f"post {n}") for n in range(8)))
        elapsed = time.monotonic() - started
    finally:
        await stop_bot(client, task)
        place.fake.restore_discord_py()

    assert sorted(m.content for m in place.fake.messages(place.games)) == [f"post {n}" for n in range(8)]
    assert elapsed >= 0.9  # 3 posts, the window of 0.5 s, 3 more, another window, 2 more
    assert place.fake.errors == []


# -- documented limits the spec leaves out -----------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "complaint"),
    [
        ({"content": "x" * 2001}, "content"),
        ({"embeds": [{"title": "t", "footer": {"text": "f" * 2100}}]}, "footer"),
        ({"embeds": [{"title": "t", "author": {"name": "a" * 257}}]}, "author"),
        ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, "6000"),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {
                                "type": 3,
                                "custom_id": "s",
                                "options": [{"label": "a", "value": "a", "description": "d" * 150}],
                            }
                        ],
                    }
                ]
            },
            "description",
        ),
        (
            {"components": [{"type": 1, "components": [{"type": 2, "style": 7, "custom_id": "b", "label": "B"}]}]},
            "style",
        ),
        ({"components": [{"type": 1, "components": [{"type": 2, "style": 5, "label": "L"}]}]}, "url"),
        ({"components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "B"}]}]}, "custom_id"),
        (
            {"components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "b" * 81, "custom_id": "b"}]}]},
            "80",
        ),
        ({"components": [BUTTONS] * 6}, "action rows"),
        ({"content": "x", "attachments": [{"id": 0, "filename": "a.png", "description": "d" * 1025}]}, "description"),
    ],
)
async def test_documented_limits_are_refused(place: Place, body: dict[str, Any], complaint: str) -> None:
    status, answer = await place.post(body)

    assert status == 400 and answer["code"] == 50035
    assert any(complaint in problem.detail for problem in place.fake.errors), place.fake.errors


async def test_a_thread_renamed_past_100_characters_is_refused(place: Place) -> None:
    status, thread, _ = await place.call("POST", f"/channels/{place.games.id}/threads", {"name": "game", "type": 11})
    renamed, answer, _ = await place.call("PATCH", f"/channels/{thread['id']}", {"name": "n" * 101})

    assert status == 201 and renamed == 400 and answer["code"] == 50035
    assert place.fake.world.channels[int(thread["id"])].name == "game"


async def test_commands_past_their_documented_size_are_refused(place: Place) -> None:
    app = place.fake.world.application_id
    option = {"type": 3, "name": "o", "description": "d", "choices": [{"name": "c" * 101, "value": "v"}]}
    long_names = {"en-US": "x" * 32}
    big = {
        "name": "big",
        "description": "d" * 100,
        "options": [
            {
                "type": 1,
                "name": f"s{n}",
                "description": "d" * 100,
                "description_localizations": {"fr": "e" * 100},
                "name_localizations": long_names,
                "options": [
                    {
                        "type": 3,
                        "name": "o",
                        "description": "d" * 100,
                        "choices": [{"name": "c" * 100, "value": "v" * 100}],
                    }
                    for _ in range(1)
                ],
            }
            for n in range(25)
        ],
    }
    assert command_size(big) > 8000

    choice, answer, _ = await place.call(
        "PUT", f"/applications/{app}/commands", [{"name": "c", "description": "d", "options": [option]}]
    )
    size, _, _ = await place.call("PUT", f"/applications/{app}/commands", [big])

    assert choice == size == 400 and answer["code"] == 50035
    assert any("more than 8000" in problem.detail for problem in place.fake.errors)


# -- mentions ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "allowed", "flagged"),
    [
        ("hello @everyone", None, True),  # no allowed_mentions: Discord parses everything
        ("hello @here", {"parse": ["users", "everyone"]}, True),
        ("hello @everyone", {"parse": ["users"]}, False),
        ("dear <@&1575762637386416129>", None, True),
        ("dear <@&1575762637386416129>", {"parse": [], "roles": ["1575762637386416129"]}, True),
        ("dear <@&1575762637386416129>", {"parse": ["users"]}, False),
    ],
)
async def test_mass_and_role_pings_that_allowed_mentions_let_through_are_flagged(
    place: Place, content: str, allowed: dict[str, Any] | None, flagged: bool
) -> None:
    body: dict[str, Any] = {"content": content}
    if allowed is not None:
        body["allowed_mentions"] = allowed

    status, _ = await place.post(body)

    assert status == 200  # Discord sends it; pinging a whole server is the bot's bug
    assert bool(place.fake.errors) == flagged, place.fake.errors


async def test_a_mention_added_by_an_edit_notifies_nobody(place: Place) -> None:
    _, quiet = await place.post({"content": "your turn"})
    _, loud = await place.post({"content": f"your turn {place.ana.mention}"})
    status, _, _ = await place.call(
        "PATCH", f"/channels/{place.games.id}/messages/{quiet['id']}", {"content": f"your turn {place.ana.mention}"}
    )

    assert status == 200
    edited = place.fake.world.messages[int(quiet["id"])]
    assert edited.mentions == [place.ana.id] and edited.notified == []
    assert [m.id for m in place.fake.notifications(place.ana)] == [int(loud["id"])]


async def test_a_silent_message_notifies_nobody(place: Place) -> None:
    await place.post({"content": f"psst {place.ana.mention}", "flags": 1 << 12})

    assert place.fake.notifications(place.ana) == []


async def test_a_tour_of_every_route_gets_answers_that_validate(place: Place) -> None:
    """Each REST route of the fake once, with the answers checked by the server against the spec."""
    games, guild, app = place.games.id, place.guild.id, place.fake.world.application_id
    _, message = await place.post({"content": "hello", "components": [BUTTONS], "allowed_mentions": {"parse": []}})
    _, thread, _ = await place.call("POST", f"/channels/{games}/messages/{message['id']}/threads", {"name": "t"})
    _, private, _ = await place.call("POST", f"/channels/{games}/threads", {"name": "p", "type": 12})
    command = {"name": "demo", "description": "d", "options": [{"type": 3, "name": "o", "description": "d"}]}
    calls: list[tuple[str, str, Any]] = [
        ("GET", "/users/@me", None),
        ("GET", f"/users/{place.ana.id}", None),
        ("POST", "/users/@me/channels", {"recipient_id": str(place.ana.id)}),
        ("GET", f"/channels/{games}", None),
        ("GET", f"/channels/{games}/messages?limit=5", None),
        ("GET", f"/channels/{games}/messages/{message['id']}", None),
        ("PATCH", f"/channels/{games}/messages/{message['id']}", {"content": "edited"}),
        ("PUT", f"/channels/{games}/messages/{message['id']}/reactions/%F0%9F%8E%B2/@me", None),
        ("DELETE", f"/channels/{games}/messages/{message['id']}/reactions/%F0%9F%8E%B2/@me", None),
        ("POST", f"/channels/{games}/typing", None),
        ("GET", f"/channels/{thread['id']}", None),
        ("PATCH", f"/channels/{thread['id']}", {"archived": True}),
        ("GET", f"/channels/{games}/threads/archived/public", None),
        ("PUT", f"/channels/{private['id']}/thread-members/{place.ana.id}", None),
        ("GET", f"/channels/{private['id']}/thread-members", None),
        ("GET", f"/channels/{private['id']}/thread-members/{place.ana.id}", None),
        ("DELETE", f"/channels/{private['id']}/thread-members/{place.ana.id}", None),
        ("GET", f"/guilds/{guild}", None),
        ("GET", f"/guilds/{guild}/channels", None),
        ("GET", f"/guilds/{guild}/roles", None),
        ("GET", f"/guilds/{guild}/members?limit=10", None),
        ("GET", f"/guilds/{guild}/members/{place.ana.id}", None),
        ("GET", f"/guilds/{guild}/threads/active", None),
        ("GET", "/oauth2/applications/@me", None),
        ("GET", "/applications/@me", None),
        ("PUT", f"/applications/{app}/commands", [command]),
        ("GET", f"/applications/{app}/commands", None),
        ("POST", f"/applications/{app}/guilds/{guild}/commands", command),
        ("GET", f"/applications/{app}/guilds/{guild}/commands", None),
        ("GET", f"/applications/{app}/guilds/{guild}/commands/permissions", None),
        ("GET", "/gateway", None),
        ("GET", "/gateway/bot", None),
        ("DELETE", f"/channels/{games}/messages/{message['id']}", None),
    ]
    statuses = {}
    for method, path, body in calls:
        statuses[f"{method} {path}"] = (await place.call(method, path, body))[0]
    [stored] = (await place.call("GET", f"/applications/{app}/commands"))[1]
    statuses["PATCH command"] = (
        await place.call("PATCH", f"/applications/{app}/commands/{stored['id']}", {"description": "e"})
    )[0]
    statuses["GET command"] = (await place.call("GET", f"/applications/{app}/commands/{stored['id']}"))[0]
    statuses["DELETE command"] = (await place.call("DELETE", f"/applications/{app}/commands/{stored['id']}"))[0]

    assert {call: status for call, status in statuses.items() if not 200 <= status < 300} == {}
    assert [str(problem) for problem in place.fake.errors] == []
