"""The bot's core, free of Discord: the game host, storage, schedules, history, undo, delivery and wording.

Nothing under ``bot.core`` imports ``discord``; a test checks it. The Discord features in
``bot.features`` and ``bot.games`` are thin layers over it, and local tools can use it alone.
"""
