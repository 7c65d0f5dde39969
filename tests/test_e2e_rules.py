"""``/<game> rules`` end to end: the real bot against the fake Discord, for every game, in and out of a game's thread.

Also the command tree's size per game (Discord allows 25 subcommands in a group and 8,000 characters in a
command) and every example the pages quote: a subcommand and options that exist.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from e2e import PNG_MAGIC, button, menu, open_game

import engines
from bot.config import Settings
from bot.core.rules import TOPICS, game_rules
from offline.fakediscord.state import Channel, Interaction, User
from offline.local import play_locally
from offline.sandbox import Sandbox

GAMES = [engine.name for engine in engines.all_engines()]
TITLES = {
    "setup": "What you need",
    "turn": "A turn",
    "scoring": "Scoring",
    "end": "The end of the game",
    "commands": "Commands and buttons",
}
SUBCOMMAND_LIMIT = 25
COMMAND_SIZE_LIMIT = 8000


async def slash(box: Sandbox, user: User, channel: Channel, path: str, options: dict | None = None) -> Interaction:
    it = await box.fake.slash(user, channel, path, options or {})
    await it.done()
    return it


def header(content: str) -> str:
    return content.splitlines()[0]


async def check_rules_reply(box: Sandbox, user: User, channel: Channel, game: str) -> None:
    """Page 1 with its picture, Next to page 2, every topic by the menu and by the option; nothing public."""
    public_before = len(box.fake.messages(channel))
    title = engines.get(game).title
    it = await slash(box, user, channel, f"{game} rules")
    assert it.ephemeral, it.describe()
    assert header(it.content) == f"**{title} — rules: What you need** (1/{len(TOPICS)})"
    assert any(name.endswith(".png") and data.startswith(PNG_MAGIC) for name, data in it.files)
    alt = f"The board of a new game of {title}, as it looks before the first move."
    assert it.alt_texts == {f"{game}-rules.png": alt}, it.alt_texts
    message = it.followups[0] if it.followups else it.message
    assert message is not None and not message.mentions
    pressed = await box.fake.click(user, message, button(message, "Next ▶"))
    await pressed.done()
    edited = pressed.message
    assert edited is not None and edited.ephemeral
    assert header(edited.content) == f"**{title} — rules: A turn** (2/{len(TOPICS)})"
    assert not edited.files, "only the setup page has a picture"
    for number, topic in enumerate(TOPICS, start=1):
        chosen = await box.fake.select(user, edited, menu(edited)["custom_id"], [topic])
        await chosen.done()
        edited = chosen.message
        assert header(edited.content) == f"**{title} — rules: {TITLES[topic]}** ({number}/{len(TOPICS)})"
        asked = await slash(box, user, channel, f"{game} rules", {"topic": topic})
        assert asked.ephemeral and asked.content == edited.content
        assert len(asked.content) <= 2000
    assert len(box.fake.messages(channel)) == public_before, "nothing public is posted"


@pytest.mark.parametrize("game", GAMES)
async def test_rules_answer_privately_page_by_page_in_a_game_thread_and_outside(sandbox: Sandbox, game: str) -> None:
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    await check_rules_reply(sandbox, ben, sandbox.channel, game)
    _, thread = await open_game(sandbox, game, ana, [ben])
    await check_rules_reply(sandbox, ana, thread, game)


async def test_rules_buttons_work_after_a_restart(sandbox: Sandbox) -> None:
    ana = sandbox.user("ana")
    it = await slash(sandbox, ana, sandbox.channel, "morocco rules", {"topic": "end"})
    message = it.followups[0] if it.followups else it.message
    assert message is not None
    await sandbox.restart_bot()
    pressed = await sandbox.fake.click(ana, message, button(message, "◀ Previous"))
    await pressed.done()
    assert header(pressed.message.content).startswith("**Morocco — rules: Scoring**")
    last = await slash(sandbox, ana, sandbox.channel, "morocco rules", {"topic": "commands"})
    message = last.followups[0] if last.followups else last.message
    assert any(c.get("disabled") for c in _buttons(message.components) if c["label"] == "Next ▶")


def _buttons(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for component in components:
        if component.get("type") == 2:
            found.append(component)
        found += _buttons(component.get("components") or [])
    return found


def longest(item: dict[str, Any], key: str) -> int:
    """The length of ``item[key]`` or of its longest translation (``<key>_localizations``)."""
    texts = [str(item.get(key, "")), *(item.get(f"{key}_localizations") or {}).values()]
    return max(len(text) for text in texts)


def command_size(command: dict[str, Any]) -> int:
    """Discord's measure: the characters of every name, description and choice name and value, each in its
    longest language."""
    size = longest(command, "name") + longest(command, "description")
    for choice in command.get("choices") or []:
        size += longest(choice, "name") + len(str(choice["value"]))
    return size + sum(command_size(option) for option in command.get("options") or [])


async def test_every_game_command_fits_discords_limits_and_every_example_names_real_options(sandbox: Sandbox) -> None:
    payload = {command["name"]: command for command in await sandbox.bot.commands_payload()}
    registered = {command["name"]: command for command in sandbox.fake.registered_commands()}
    for locale in ("es-ES", "es-419"):
        assert registered["marrakech"]["description_localizations"][locale] == "Jugar a Marrakech"
        place = next(o for o in registered["marrakech"]["options"] if o["name"] == "place")
        assert place["name_localizations"][locale] == "colocar"
        assert place["options"][0]["name_localizations"][locale] == "alfombra"
        new = next(o for o in registered["cairo"]["options"] if o["name"] == "new")
        assert next(o for o in new["options"] if o["name"] == "start")["name_localizations"][locale] == "inicio"
    assert "es-ES" not in (registered["bazaar"].get("name_localizations") or {}), "a name Spanish keeps is not sent"
    for name, command in payload.items():
        subcommands = [o for o in command.get("options") or [] if o["type"] in (1, 2)]
        assert len(subcommands) <= SUBCOMMAND_LIMIT, f"/{name} has {len(subcommands)} subcommands"
        assert command_size(command) <= COMMAND_SIZE_LIMIT, f"/{name} is {command_size(command)} characters"
    for game in GAMES:
        assert "rules" in {o["name"] for o in payload[game]["options"]}
        rules = game_rules(game)
        assert rules is not None
        for key, example in rules.examples.items():
            match = re.fullmatch(r"/(\w+) (\w+)(.*)", example.command)
            assert match and match[1] == game, f"{game} example {key}: {example.command!r}"
            _, *pairs = re.split(r" (\w+):", match[3])
            sub = next((o for o in payload[game]["options"] if o["name"] == match[2]), None)
            assert sub is not None, f"{example.command!r}: no subcommand {match[2]!r}"
            options = {o["name"]: o for o in sub.get("options") or []}
            for option, value in zip(pairs[::2], pairs[1::2], strict=True):
                assert option in options, f"{example.command!r}: no option {option!r}"
                choices = options[option].get("choices")
                assert not choices or value in {str(c["value"]) for c in choices}, f"{example.command!r}: {value!r}"
        check_guide_commands(game, payload[game])


def check_guide_commands(game: str, command: dict[str, Any]) -> None:
    """Every ``/<game> sub option:…`` quoted in the game's player guide names a real subcommand and options."""
    guide = Path(f"docs/rules/{game}.md").read_text(encoding="utf-8")
    subcommands = {o["name"]: o for o in command["options"]}
    quoted = re.findall(rf"`/{game} (\w+)([^`]*)`", guide)
    assert quoted, f"docs/rules/{game}.md quotes no /{game} command"
    for name, rest in quoted:
        assert name in subcommands, f"docs/rules/{game}.md: /{game} {name} does not exist"
        options = {o["name"] for o in subcommands[name].get("options") or []}
        _, *pairs = re.split(r" (\w+):", rest.replace("[", "").replace("]", ""))
        for option in pairs[::2]:
            assert option in options, f"docs/rules/{game}.md: /{game} {name} has no option {option!r}"


LOCAL_SCRIPT = """\
ana: /cairo rules topic:scoring
ana: click Next ▶
ana: select commands
ana: /marrakech rules
quit
"""


async def test_rules_in_local_play(tmp_path: Path) -> None:
    out = io.StringIO()
    code = await play_locally(
        Settings(token="", computer_workers=0, image_workers=0),
        io.StringIO(LOCAL_SCRIPT),
        out,
        images=tmp_path / "boards",
        database=tmp_path / "x.db",
    )
    text = out.getvalue()
    assert code == 0, text
    assert "[only ana sees] **Kairo — rules: Scoring** (3/5)" in text
    assert "[only ana sees] (edited) **Kairo — rules: The end of the game** (4/5)" in text
    assert "[only ana sees] (edited) **Kairo — rules: Commands and buttons** (5/5)" in text
    assert "`/cairo draw first:deck second:2`" in text
    assert "[only ana sees] **Marrakech — rules: What you need** (1/5)" in text
    assert "buttons: ◀ Previous | Next ▶" in text
    assert "image saved" in text
    assert "[#games]" not in text, "nothing public"
