"""Each game's own part of the bot: ``bot.games.<game>`` for every engine ``<game>``.

A game package holds ``words.py`` (Discord-free: how its events, refusals, decisions and endings
read, as message templates for its catalog in ``locale/``), ``commands.py`` (a discord.py
extension adding the game's own commands to ``/<game>`` and telling the shared features how its
move buttons look), and any Discord-free helpers its commands need. Nothing here lists the games:
the bot loads ``bot.games.<name>.commands`` for every engine it finds.
"""
