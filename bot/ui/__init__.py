"""Shared Discord plumbing under the features: finding a command's game, replies, errors, persistent
components, images as files, and the courier that delivers what the core owes Discord.

Modules here import ``discord`` and ``bot.core``; they never import a feature (``bot.features``)
or a game's commands (``bot.games.<game>.commands``): features reach each other through the bot.
"""
