"""The bot's features, one discord.py extension each (``async def setup(bot)``), loaded by name.

``lobby`` (new, join, leave, start, abandon), ``play`` (moves, board, status, resign, games),
``history`` (log, catch-up, undo), ``clock`` (reminders, deadlines and their buttons, the due-work
loop), ``me`` (a player's own settings and inbox: notify, away, layout, games), ``server`` (server
settings), ``delivery`` (the courier's loop), ``computers`` (computer turns), ``rules`` (each game's
quick reference). Each game adds its own extension, ``bot.games.<game>.commands``. A feature owns its
commands, its buttons and its loops; what features share is reached through the bot object, never by
importing another feature.
"""
