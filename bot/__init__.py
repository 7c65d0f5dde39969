"""The Discord bot: slash commands and buttons that drive the game host, persist and post boards."""
