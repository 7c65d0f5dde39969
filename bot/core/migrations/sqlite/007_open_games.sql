-- Bounded by the games still open, whatever the number of finished ones: the computers' loop walks the
-- active games in id order (games_active, then each one's seat to move) instead of every seat a computer
-- ever held, and a server's open games (/<game> games, autocomplete, the inbox on PostgreSQL) come from the
-- open games only. The queries repeat these WHERE terms literally: a partial index is used only when the
-- query implies its condition (SQLite: the same term, not a parameter).
CREATE INDEX games_active ON games (id, to_move, guild_id) WHERE status = 'active';
CREATE INDEX games_open_by_guild ON games (guild_id, id) WHERE status IN ('lobby', 'active');
CREATE INDEX games_open ON games (id) WHERE status IN ('lobby', 'active');
