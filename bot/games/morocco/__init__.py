"""Morocco on Discord: the game's words (``words``) and, built on the bot core, its commands.

Importing this package imports nothing of discord.py; ``words`` is Discord-free.
"""
