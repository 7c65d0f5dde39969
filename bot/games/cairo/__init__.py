"""Kairo's bot package: its words (``words``) and the logic behind its commands' autocomplete (``choices``).

Nothing here imports discord: importing a submodule never loads the bot's Discord side.
"""
