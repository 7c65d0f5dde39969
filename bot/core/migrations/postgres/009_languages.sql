-- Languages: each game's public posts are in its language (chosen at /<game> new, else the server's),
-- a server may set the language of its new games (/bazaar settings language:), and each user's last seen
-- Discord language is kept for the direct messages sent to them.
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE guild_settings ADD COLUMN language TEXT;
ALTER TABLE user_prefs ADD COLUMN locale TEXT;
