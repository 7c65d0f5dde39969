-- The Discord time of each game's last change (bot/core/ordering.py): a command whose interaction snowflake is
-- older was sent before that change and is refused. Ordered by Discord's clock only, never the host's.
ALTER TABLE games ADD COLUMN changed_discord_at DOUBLE PRECISION;
