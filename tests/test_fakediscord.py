"""End-to-end tests of the fake Discord: a small real discord.py bot driven through `FakeDiscord`.

The sample bot (a `/demo` group and a `/settings` command) uses what Bazaar uses: options with choices
and ranges, ephemeral and deferred replies, a PNG followup, a persistent DynamicItem button, a select,
a modal, autocomplete, threads with mentions, and DMs. Every test runs the unmodified bot against the
fake and checks what users would see; the `bot` fixture also checks that no request went unexpected.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass

import aiohttp
import discord
import pytest
from discord import app_commands
from PIL import Image

from offline.fakediscord import Channel, FakeDiscord, Guild, User, permissions
from offline.fakediscord.testing import run_bot, stop_bot

CARDS = ["camel", "carpet red", "carpet blue", "coin", "dice"]
BOARD_SIZE = (64, 48)
BIG_BOARD_SIZE = (128, 96)


# -- the sample bot ---------------------------------------------------------------------------------


class VoteButton(discord.ui.DynamicItem[discord.ui.Button], template=r"demo:vote:(?P<size>[0-9]+)"):
    """A persistent button: it routes by custom_id alone, so it survives a bot restart."""

    def __init__(self, size: int) -> None:
        button = discord.ui.Button(label=f"Vote {size}", custom_id=f"demo:vote:{size}")
        super().__init__(button)
        self.size = size

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> VoteButton:
        return cls(int(match["size"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"{interaction.user.mention} votes for size {self.size}")


class ColourView(discord.ui.View):
    """A one-off view with a string select that rewrites its own message."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="demo:colour",
        options=[discord.SelectOption(label=name.title(), value=name) for name in ("red", "blue", "green")],
    )
    async def choose(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"colour: {select.values[0]}", view=None)


class RenameModal(discord.ui.Modal, title="Rename"):
    new_name = discord.ui.TextInput(label="New name", custom_id="demo:name", max_length=20)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"renamed to {self.new_name.value}", ephemeral=True)


def board_png(size: tuple[int, int] = BOARD_SIZE) -> bytes:
    image = Image.new("RGB", size, "sandybrown")
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def demo_group() -> app_commands.Group:
    demo = app_commands.Group(name="demo", description="Demo commands")
    _add_game_commands(demo)
    _add_thread_commands(demo)
    _add_reply_commands(demo)
    return demo


def _add_game_commands(demo: app_commands.Group) -> None:
    @demo.command(name="new", description="Start a demo game")
    @app_commands.choices(size=[app_commands.Choice(name=n, value=v) for n, v in (("small", 2), ("big", 3))])
    async def new(
        interaction: discord.Interaction,
        size: int,
        rounds: app_commands.Range[int, 1, 10] = 3,
        variant: bool = False,
    ) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(VoteButton(size))
        text = f"new game: size {size}, {rounds} rounds, variant {variant}"
        await interaction.response.send_message(text, view=view)

    @demo.command(name="board", description="Draw the board")
    async def board(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        embed = discord.Embed(title="Board").set_image(url="attachment://board.png")
        await interaction.followup.send(embed=embed, file=discord.File(io.BytesIO(board_png()), "board.png"))

    @demo.command(name="pick", description="Pick a card")
    async def pick(interaction: discord.Interaction, card: str) -> None:
        await interaction.response.send_message(f"picked {card}", ephemeral=True)

    @pick.autocomplete("card")
    async def pick_card(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=card.title(), value=card) for card in CARDS if current in card]

    @demo.command(name="colour", description="Choose a colour")
    async def colour(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("choose a colour", view=ColourView())

    @demo.command(name="rename", description="Rename the game")
    async def rename(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(RenameModal())


def _add_thread_commands(demo: app_commands.Group) -> None:
    @demo.command(name="thread", description="Open a game thread")
    async def thread(interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        try:
            created = await interaction.channel.create_thread(
                name=f"game of {interaction.user.name}", type=discord.ChannelType.public_thread
            )
        except discord.Forbidden as error:
            await interaction.response.send_message(f"no thread here ({error.code})", ephemeral=True)
            return
        await created.send(f"{interaction.user.mention}, your game starts here")
        await interaction.response.send_message(f"game thread: {created.mention}", ephemeral=True)

    @demo.command(name="where", description="Say where this is")
    async def where(interaction: discord.Interaction) -> None:
        channel = interaction.channel
        if isinstance(channel, discord.Thread):
            text = f"thread {channel.name} in {channel.parent.name if channel.parent else '?'}"
        else:
            text = f"channel {getattr(channel, 'name', '?')}"
        await interaction.response.send_message(text, ephemeral=True)

    @demo.command(name="poke", description="Post into a game thread")
    async def poke(interaction: discord.Interaction, thread: app_commands.AppCommandThread) -> None:
        # discord.py drops archived threads from its cache, so a `discord.Thread` option would not resolve.
        target = await interaction.client.fetch_channel(thread.id)
        assert isinstance(target, discord.Thread)
        try:
            await target.send("poke")
        except discord.HTTPException as error:
            await interaction.response.send_message(f"poke failed ({error.code})", ephemeral=True)
            return
        await interaction.response.send_message("poked", ephemeral=True)

    @demo.command(name="close", description="Archive and lock this game thread")
    async def close(interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.Thread)
        await interaction.response.send_message("closing")
        try:
            await interaction.channel.edit(archived=True, locked=True)
        except discord.Forbidden as error:
            await interaction.followup.send(f"cannot close ({error.code})")


def _add_reply_commands(demo: app_commands.Group) -> None:
    @demo.command(name="secret", description="Whisper")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("only you can see this", ephemeral=True)

    @demo.command(name="greet", description="Greet a member")
    async def greet(interaction: discord.Interaction, who: discord.Member, quiet: bool = False) -> None:
        pings = discord.AllowedMentions.none() if quiet else discord.AllowedMentions(users=True)
        await interaction.response.send_message(f"hello {who.mention} ({who.display_name})", allowed_mentions=pings)

    @demo.command(name="dm", description="Send me a DM")
    async def dm(interaction: discord.Interaction) -> None:
        try:
            await interaction.user.send("psst, your turn")
        except discord.Forbidden as error:
            await interaction.response.send_message(f"cannot DM you ({error.code})", ephemeral=True)
            return
        await interaction.response.send_message("sent you a DM", ephemeral=True)

    @demo.command(name="later", description="Answer, then post a board in the channel and redraw it")
    async def later(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("on it", ephemeral=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        posted = await interaction.channel.send("drawing", file=discord.File(io.BytesIO(board_png()), "board.png"))
        redrawn = discord.File(io.BytesIO(board_png(BIG_BOARD_SIZE)), "board.png")
        await posted.edit(content="done later", attachments=[redrawn])

    @demo.command(name="discuss", description="Answer, and open a thread on the answer")
    async def discuss(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("let's talk")
        answer = await interaction.original_response()
        await answer.create_thread(name="talk")

    @demo.command(name="bump", description="Edit one of the bot's messages")
    async def bump(interaction: discord.Interaction, message_id: str) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        try:
            message = await interaction.channel.fetch_message(int(message_id))
            await message.edit(content="bumped")
        except discord.NotFound as error:
            await interaction.response.send_message(f"gone ({error.code})", ephemeral=True)
            return
        await interaction.response.send_message("bumped it", ephemeral=True)

    @demo.command(name="shout", description="Too long a reply")
    async def shout(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("A" * 2001)


@app_commands.command(name="settings", description="Server settings")
@app_commands.default_permissions(manage_guild=True)
async def settings(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(f"manage_guild={interaction.permissions.manage_guild}", ephemeral=True)


class DemoBot(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05, chunk_guilds_at_startup=False)
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(demo_group())
        self.tree.add_command(settings)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(VoteButton)
        await self.tree.sync()


# -- fixtures ---------------------------------------------------------------------------------------


@dataclass
class Scene:
    fake: FakeDiscord
    guild: Guild
    games: Channel
    nothreads: Channel
    olga: User  # owner
    ana: User
    bob: User  # may manage the server


@pytest.fixture
async def scene() -> AsyncIterator[Scene]:
    fake = FakeDiscord()
    await fake.start()
    fake.point_discord_py()
    olga = fake.add_user("olga")
    guild = fake.add_guild("Bazaar Test", owner=olga)
    games = fake.add_text_channel(guild, "games")
    nothreads = fake.add_text_channel(guild, "nothreads", threads_allowed=False)
    ana = fake.add_member(guild, fake.add_user("ana"))
    bob = fake.add_member(guild, fake.add_user("bob"), manage_guild=True)
    yield Scene(fake, guild, games, nothreads, olga, ana, bob)
    fake.restore_discord_py()
    await fake.stop()


@pytest.fixture
async def bot(scene: Scene) -> AsyncIterator[DemoBot]:
    demo_bot = DemoBot()
    task = await run_bot(scene.fake, demo_bot)
    yield demo_bot
    await stop_bot(demo_bot, task)
    assert scene.fake.errors == []


# -- slash commands and their refusals --------------------------------------------------------------


async def test_slash_command_with_options_posts_a_public_message(scene: Scene, bot: DemoBot) -> None:
    it = await scene.fake.slash(scene.ana, scene.games, "demo new", {"size": 3, "rounds": 5, "variant": True})

    assert it.content == "new game: size 3, 5 rounds, variant True"
    assert not it.ephemeral
    posted = scene.fake.messages(scene.games)
    assert [m.content for m in posted] == [it.content]
    assert posted[0].button_ids == ["demo:vote:3"]
    assert posted[0].author_id == scene.fake.bot_user.id


async def test_optional_options_take_the_bot_defaults(scene: Scene, bot: DemoBot) -> None:
    it = await scene.fake.slash(scene.ana, scene.games, "demo new", {"size": 2})

    assert it.content == "new game: size 2, 3 rounds, variant False"


async def test_the_registered_schema_is_kept(scene: Scene, bot: DemoBot) -> None:
    names = {command["name"] for command in scene.fake.registered_commands()}

    assert names == {"demo", "settings"}


@pytest.mark.parametrize(
    ("path", "options", "reason"),
    [
        ("demo new", {}, "missing required option 'size'"),
        ("demo new", {"size": 5}, "not among the registered choices"),
        ("demo new", {"size": "3"}, "is a integer"),
        ("demo new", {"size": 3, "rounds": 11}, "outside 1..10"),
        ("demo new", {"size": 3, "colour": "red"}, "has no option"),
        ("demo nope", {}, "has no subcommand 'nope'"),
        ("demo", {}, "needs a subcommand"),
        ("nope", {}, "no command /nope"),
    ],
)
async def test_driver_refuses_what_discord_never_sends(
    scene: Scene, bot: DemoBot, path: str, options: dict[str, object], reason: str
) -> None:
    with pytest.raises(AssertionError, match=re.escape(reason)):
        await scene.fake.slash(scene.ana, scene.games, path, options)

    assert scene.fake.world.interactions == {}


async def test_command_needing_manage_server_is_hidden_from_plain_members(scene: Scene, bot: DemoBot) -> None:
    with pytest.raises(AssertionError, match="needs permissions 0x20"):
        await scene.fake.slash(scene.ana, scene.games, "settings")

    it = await scene.fake.slash(scene.bob, scene.games, "settings")
    owner = await scene.fake.slash(scene.olga, scene.games, "settings")

    assert it.content == "manage_guild=True"
    assert owner.content == "manage_guild=True"


async def test_user_option_resolves_to_the_member_and_mentions_them(scene: Scene, bot: DemoBot) -> None:
    it = await scene.fake.slash(scene.bob, scene.games, "demo greet", {"who": scene.ana})

    assert it.content == f"hello {scene.ana.mention} (Ana)"
    assert it.message is not None
    assert it.message.mentions == [scene.ana.id]


async def test_allowed_mentions_none_pings_nobody(scene: Scene, bot: DemoBot) -> None:
    it = await scene.fake.slash(scene.bob, scene.games, "demo greet", {"who": scene.ana, "quiet": True})

    assert it.content == f"hello {scene.ana.mention} (Ana)"
    assert it.message is not None
    assert it.message.mentions == []


# -- replies: ephemeral, deferred with a file, refused ----------------------------------------------


async def test_ephemeral_reply_is_not_posted_in_the_channel(scene: Scene, bot: DemoBot) -> None:
    it = await scene.fake.slash(scene.ana, scene.games, "demo secret")

    assert it.ephemeral
    assert it.content == "only you can see this"
    assert scene.fake.messages(scene.games) == []


async def test_deferred_reply_is_replaced_by_the_png_followup(scene: Scene, bot: DemoBot) -> None:
    it = await scene.fake.slash(scene.ana, scene.games, "demo board")
    await it.done()

    assert it.response_type == 5
    [(filename, data)] = it.files
    assert filename == "board.png"
    assert Image.open(io.BytesIO(data)).size == BOARD_SIZE
    [posted] = scene.fake.messages(scene.games)
    assert not posted.loading
    assert posted.embeds[0]["image"]["url"].endswith("/board.png")
    assert (posted.embeds[0]["image"]["width"], posted.embeds[0]["image"]["height"]) == BOARD_SIZE


async def test_an_answer_discord_would_refuse_fails_the_interaction(scene: Scene, bot: DemoBot) -> None:
    with pytest.raises(AssertionError, match="2000"):
        await scene.fake.slash(scene.ana, scene.games, "demo shout")

    assert [problem.status for problem in scene.fake.errors] == [400]
    scene.fake.errors.clear()


async def test_an_answer_after_the_deadline_is_unknown_to_discord(scene: Scene, bot: DemoBot) -> None:
    scene.fake.response_deadline = 0

    with pytest.raises(AssertionError, match="Unknown interaction"):
        await scene.fake.slash(scene.ana, scene.games, "demo secret")

    assert [problem.status for problem in scene.fake.errors] == [404]
    scene.fake.errors.clear()


async def test_channel_post_with_a_file_and_its_edit_replacing_the_file(scene: Scene, bot: DemoBot) -> None:
    it = await scene.fake.slash(scene.ana, scene.games, "demo later")

    posted = await scene.fake.wait_for_message(scene.games, lambda m: m.content == "done later")

    assert it.content == "on it"
    assert posted.author_id == scene.fake.bot_user.id
    assert posted.edits == 1
    [(filename, data)] = posted.files
    assert filename == "board.png"
    assert Image.open(io.BytesIO(data)).size == BIG_BOARD_SIZE


async def test_idle_waits_for_the_handler_to_finish_its_posts(scene: Scene, bot: DemoBot) -> None:
    await scene.fake.slash(scene.ana, scene.games, "demo later")

    await scene.fake.idle()

    assert [m.content for m in scene.fake.messages(scene.games)] == ["done later"]


async def test_thread_on_the_original_response(scene: Scene, bot: DemoBot) -> None:
    it = await (await scene.fake.slash(scene.ana, scene.games, "demo discuss")).done()

    [thread] = scene.fake.threads(scene.games)
    assert it.message is not None
    assert thread.id == it.message.id == it.message.thread_id
    assert scene.fake.channel(thread.id) is thread
    assert thread.name == "talk"


async def test_slash_command_in_a_dm_with_the_bot(scene: Scene, bot: DemoBot) -> None:
    it = await scene.fake.slash(scene.ana, scene.fake.dm_channel(scene.ana), "demo secret")

    assert it.content == "only you can see this"
    assert it.ephemeral


# -- components: buttons, selects, modals, autocomplete ---------------------------------------------


async def test_persistent_button_click_reaches_the_dynamic_item(scene: Scene, bot: DemoBot) -> None:
    await scene.fake.slash(scene.ana, scene.games, "demo new", {"size": 2})
    game = scene.fake.messages(scene.games)[-1]

    it = await scene.fake.click(scene.bob, game, "demo:vote:2")

    assert it.content == f"{scene.bob.mention} votes for size 2"
    assert it.message is not None
    assert it.message.mentions == [scene.bob.id]


async def test_clicking_a_button_the_message_lacks_is_refused(scene: Scene, bot: DemoBot) -> None:
    await scene.fake.slash(scene.ana, scene.games, "demo new", {"size": 2})
    game = scene.fake.messages(scene.games)[-1]

    with pytest.raises(AssertionError, match="has no component 'demo:vote:3'"):
        await scene.fake.click(scene.bob, game, "demo:vote:3")


async def test_a_message_a_moderator_deleted_is_gone_for_bot_and_users(scene: Scene, bot: DemoBot) -> None:
    await scene.fake.slash(scene.ana, scene.games, "demo new", {"size": 2})
    game = scene.fake.messages(scene.games)[-1]
    bumped = await scene.fake.slash(scene.ana, scene.games, "demo bump", {"message_id": str(game.id)})
    scene.fake.delete_message(game)

    gone = await scene.fake.slash(scene.ana, scene.games, "demo bump", {"message_id": str(game.id)})

    assert (bumped.content, game.content) == ("bumped it", "bumped")
    assert gone.content == "gone (10008)"
    assert scene.fake.messages(scene.games) == []
    assert [problem.status for problem in scene.fake.refusals] == [404]
    with pytest.raises(AssertionError, match="was deleted"):
        await scene.fake.click(scene.bob, game, "demo:vote:2")


async def test_select_updates_the_message_it_is_on(scene: Scene, bot: DemoBot) -> None:
    await scene.fake.slash(scene.ana, scene.games, "demo colour")
    menu = scene.fake.messages(scene.games)[-1]

    it = await scene.fake.select(scene.ana, menu, "demo:colour", ["blue"])

    assert it.response_type == 7
    assert [m.content for m in scene.fake.messages(scene.games)] == ["colour: blue"]
    assert menu.components == []


async def test_select_value_not_offered_is_refused(scene: Scene, bot: DemoBot) -> None:
    await scene.fake.slash(scene.ana, scene.games, "demo colour")
    menu = scene.fake.messages(scene.games)[-1]

    with pytest.raises(AssertionError, match="offers"):
        await scene.fake.select(scene.ana, menu, "demo:colour", ["purple"])


async def test_modal_opens_and_its_submission_reaches_the_bot(scene: Scene, bot: DemoBot) -> None:
    opened = await scene.fake.slash(scene.ana, scene.games, "demo rename")

    submitted = await scene.fake.submit_modal(scene.ana, opened, {"demo:name": "Zoco"})

    assert opened.modal is not None and opened.modal["title"] == "Rename"
    assert submitted.content == "renamed to Zoco"
    assert submitted.ephemeral


async def test_autocomplete_answers_choices_for_the_typed_text(scene: Scene, bot: DemoBot) -> None:
    choices = await scene.fake.autocomplete(scene.ana, scene.games, "demo pick", {"card": "car"}, focused="card")

    assert choices == [{"name": "Carpet Red", "value": "carpet red"}, {"name": "Carpet Blue", "value": "carpet blue"}]


async def test_autocomplete_on_an_option_without_it_is_refused(scene: Scene, bot: DemoBot) -> None:
    with pytest.raises(AssertionError, match="has no autocomplete"):
        await scene.fake.autocomplete(scene.ana, scene.games, "demo new", {"size": 2}, focused="size")


# -- threads and DMs --------------------------------------------------------------------------------


async def test_thread_is_created_and_its_first_post_mentions_the_player(scene: Scene, bot: DemoBot) -> None:
    it = await scene.fake.slash(scene.ana, scene.games, "demo thread")
    await it.done()

    [thread] = scene.fake.threads(scene.games)
    [first] = scene.fake.messages(thread)
    assert (thread.type, thread.parent_id, thread.name) == (11, scene.games.id, "game of ana")
    assert it.content == f"game thread: {thread.mention}"
    assert first.mentions == [scene.ana.id]
    assert scene.ana.id in thread.member_ids
    assert bot.get_channel(thread.id) is not None  # THREAD_CREATE reached the bot


async def test_interaction_inside_a_thread_carries_the_thread(scene: Scene, bot: DemoBot) -> None:
    await (await scene.fake.slash(scene.ana, scene.games, "demo thread")).done()
    [thread] = scene.fake.threads(scene.games)

    it = await scene.fake.slash(scene.ana, thread, "demo where")

    assert it.content == "thread game of ana in games"


async def test_thread_creation_forbidden_in_the_channel_gets_discords_403(scene: Scene, bot: DemoBot) -> None:
    it = await scene.fake.slash(scene.ana, scene.nothreads, "demo thread")

    assert it.content == "no thread here (50013)"
    assert scene.fake.threads(scene.nothreads) == []
    assert [problem.status for problem in scene.fake.refusals] == [403]


async def test_posting_to_an_archived_locked_thread_fails(scene: Scene, bot: DemoBot) -> None:
    await (await scene.fake.slash(scene.ana, scene.games, "demo thread")).done()
    [thread] = scene.fake.threads(scene.games)
    scene.fake.set_archived(thread, True)

    it = await scene.fake.slash(scene.ana, scene.games, "demo poke", {"thread": thread})

    assert it.content == "poke failed (50083)"
    assert [m.content for m in scene.fake.messages(thread)] == [f"{scene.ana.mention}, your game starts here"]


async def test_posting_to_an_archived_unlocked_thread_unarchives_it(scene: Scene, bot: DemoBot) -> None:
    await (await scene.fake.slash(scene.ana, scene.games, "demo thread")).done()
    [thread] = scene.fake.threads(scene.games)
    scene.fake.set_archived(thread, True, locked=False)

    it = await scene.fake.slash(scene.ana, scene.games, "demo poke", {"thread": thread})

    assert it.content == "poked"
    assert not thread.archived
    assert scene.fake.messages(thread)[-1].content == "poke"


async def test_bot_archives_and_locks_its_thread(scene: Scene, bot: DemoBot) -> None:
    await (await scene.fake.slash(scene.ana, scene.games, "demo thread")).done()
    [thread] = scene.fake.threads(scene.games)

    await (await scene.fake.slash(scene.ana, thread, "demo close")).done()

    assert (thread.archived, thread.locked) == (True, True)
    assert bot.get_channel(thread.id) is None  # THREAD_UPDATE told discord.py it is archived


async def test_locking_a_thread_needs_manage_threads(scene: Scene, bot: DemoBot) -> None:
    await (await scene.fake.slash(scene.ana, scene.games, "demo thread")).done()
    [thread] = scene.fake.threads(scene.games)
    scene.fake.set_bot_permissions(permissions.BOT_DEFAULT & ~permissions.MANAGE_THREADS)

    it = await (await scene.fake.slash(scene.ana, thread, "demo close")).done()

    assert [m.content for m in it.followups] == ["cannot close (50013)"]
    assert (thread.archived, thread.locked) == (False, False)


async def test_a_channel_option_refuses_the_wrong_channel_type(scene: Scene, bot: DemoBot) -> None:
    with pytest.raises(AssertionError, match="takes channel types"):
        await scene.fake.slash(scene.ana, scene.games, "demo poke", {"thread": scene.games})


async def test_dm_reaches_the_user(scene: Scene, bot: DemoBot) -> None:
    it = await scene.fake.slash(scene.ana, scene.games, "demo dm")

    assert it.content == "sent you a DM"
    assert [m.content for m in scene.fake.dms(scene.ana)] == ["psst, your turn"]
    assert [m.content for m in scene.fake.all_messages()] == ["psst, your turn", "sent you a DM"]


async def test_dm_to_a_user_who_refuses_them_gets_discords_403(scene: Scene, bot: DemoBot) -> None:
    shy = scene.fake.add_member(scene.guild, scene.fake.add_user("shy", dms_open=False))

    it = await scene.fake.slash(shy, scene.games, "demo dm")

    assert it.content == "cannot DM you (50007)"
    assert scene.fake.dms(shy) == []


# -- restart, errors, wire details ------------------------------------------------------------------


async def test_old_buttons_still_work_after_the_bot_restarts(scene: Scene) -> None:
    first_bot = DemoBot()
    task = await run_bot(scene.fake, first_bot)
    await scene.fake.slash(scene.ana, scene.games, "demo new", {"size": 3})
    game = scene.fake.messages(scene.games)[-1]
    await stop_bot(first_bot, task)

    second_bot = DemoBot()
    task = await run_bot(scene.fake, second_bot)
    try:
        it = await scene.fake.click(scene.bob, game, "demo:vote:3")
    finally:
        await stop_bot(second_bot, task)

    assert it.content == f"{scene.bob.mention} votes for size 3"
    assert scene.fake.errors == []


async def test_unknown_routes_are_recorded_as_errors(scene: Scene) -> None:
    headers = {"Authorization": f"Bot {scene.fake.token}"}
    async with aiohttp.ClientSession() as session, session.get(f"{scene.fake.api_url}/nope", headers=headers) as r:
        status, body = r.status, await r.json()

    assert (status, body["message"]) == (404, "404: Not Found")
    assert [(problem.method, problem.status) for problem in scene.fake.errors] == [("GET", 404)]


async def test_json_answers_have_exactly_the_json_content_type(scene: Scene) -> None:
    headers = {"Authorization": f"Bot {scene.fake.token}"}
    async with aiohttp.ClientSession() as session, session.get(f"{scene.fake.api_url}/users/@me", headers=headers) as r:
        content_type, body = r.headers["Content-Type"], await r.json()

    assert content_type == "application/json"
    assert body["id"] == str(scene.fake.bot_user.id)


async def test_bot_without_the_content_intent_sees_only_messages_that_mention_it(scene: Scene, bot: DemoBot) -> None:
    plain = asyncio.ensure_future(bot.wait_for("message", check=lambda m: m.author.id == scene.ana.id))
    said = await scene.fake.say(scene.ana, scene.games, "hello there")
    received_plain = await asyncio.wait_for(plain, 5)
    mention = asyncio.ensure_future(bot.wait_for("message", check=lambda m: m.author.id == scene.ana.id))
    await scene.fake.say(scene.ana, scene.games, f"{scene.fake.bot_user.mention} hi")
    received_mention = await asyncio.wait_for(mention, 5)

    assert said.content == "hello there"
    assert received_plain.content == ""
    assert received_mention.content == f"{scene.fake.bot_user.mention} hi"


async def test_gateway_handshake_numbers_every_dispatch(scene: Scene) -> None:
    async with aiohttp.ClientSession() as session, session.ws_connect(f"{scene.fake.gateway_url}?v=10") as ws:
        hello = await ws.receive_json(timeout=5)
        await ws.send_json({"op": 1, "d": None})
        ack = await ws.receive_json(timeout=5)
        await ws.send_json({"op": 2, "d": {"token": scene.fake.token, "intents": 1, "properties": {}}})
        ready = await ws.receive_json(timeout=5)
        guild_create = await ws.receive_json(timeout=5)

    assert (hello["op"], ack["op"]) == (10, 11)
    assert (ready["t"], ready["s"]) == ("READY", 1)
    assert ready["d"]["guilds"] == [{"id": str(scene.guild.id), "unavailable": True}]
    assert (guild_create["t"], guild_create["s"]) == ("GUILD_CREATE", 2)
    assert [channel["name"] for channel in guild_create["d"]["channels"]] == ["games", "nothreads"]
    # without the GUILD_MEMBERS intent Discord lists only the bot itself
    assert [member["user"]["id"] for member in guild_create["d"]["members"]] == [str(scene.fake.bot_user.id)]


async def test_a_stopped_fake_keeps_nothing_of_its_world_alive() -> None:
    """A process (local play, a test run) starts hundreds of fakes: once one has served requests and stopped, its
    world (users, channels, every message and image) is freed, not kept by a cache of the web framework's."""
    import gc
    import weakref

    fake = FakeDiscord()
    await fake.start()
    async with aiohttp.ClientSession() as http:
        for path in ("/gateway", "/gateway/bot", "/users/@me", "/no/such/route"):
            async with http.get(fake.api_url + path, headers={"Authorization": f"Bot {fake.token}"}) as answer:
                await answer.read()
    await fake.stop()
    world = weakref.ref(fake.world)
    del fake
    gc.collect()
    assert world() is None
