-- Indexes for the queries a large database exposes (python -m bench.scale, 100,000 games):
-- a channel's games without a thread (the games of a big channel were read one by one for every command),
-- a player's games newest first (the inbox and autocomplete walk them and stop at their limit),
-- and the few seats a computer plays (the computers' loop read every active game).
DROP INDEX games_by_channel;
CREATE INDEX games_by_channel ON games (channel_id, thread_id);
DROP INDEX seats_by_user;
CREATE INDEX seats_by_user ON seats (user_id, left_game, game_id);
CREATE INDEX seats_computers ON seats (game_id) WHERE computer IS NOT NULL;
