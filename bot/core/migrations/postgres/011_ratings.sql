-- Ratings (openskill, Plackett–Luce): one rating per player per game, everywhere (scope 0) and per server
-- (scope = the guild id: only the games played there). A computer level is one pseudo-player (negative id,
-- bot/core/ratings.py). `conservative` is mu - 3 sigma, stored so that a leaderboard is one index range.
-- Filled from the finished games by bot/core/ratings.py when empty (start-up, or `bazaar ratings rebuild`).
CREATE TABLE ratings (
    game         TEXT    NOT NULL,
    scope        BIGINT  NOT NULL,              -- 0: everywhere; otherwise the guild id
    player_id    BIGINT  NOT NULL,              -- a user id, or a computer level's pseudo id
    name         TEXT    NOT NULL,              -- as seated in the player's latest rated game (of this scope)
    mu           DOUBLE PRECISION    NOT NULL,
    sigma        DOUBLE PRECISION    NOT NULL,
    conservative DOUBLE PRECISION    NOT NULL,              -- mu - 3 sigma
    games        INTEGER NOT NULL,
    wins         INTEGER NOT NULL,
    updated_at   DOUBLE PRECISION    NOT NULL,
    PRIMARY KEY (game, scope, player_id)
);
-- A leaderboard: the players with at least 3 rated games (bot.core.ratings.MIN_GAMES, written in the queries as
-- this literal so that both databases use this partial index), best first; its count reads the index alone.
CREATE INDEX ratings_board ON ratings (game, scope, conservative, player_id) WHERE games >= 3;

-- One row per rated game per player: its place and the rating before and after (everywhere, and in its server).
CREATE TABLE rating_history (
    game_id        BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id      BIGINT  NOT NULL,
    game           TEXT    NOT NULL,
    guild_id       BIGINT  NOT NULL,
    finished_at    DOUBLE PRECISION    NOT NULL,
    players        INTEGER NOT NULL,            -- seats at the table
    place          INTEGER NOT NULL,            -- 1 = first; ties share a place
    won            INTEGER NOT NULL,
    mu_before      DOUBLE PRECISION    NOT NULL,
    sigma_before   DOUBLE PRECISION    NOT NULL,
    mu_after       DOUBLE PRECISION    NOT NULL,
    sigma_after    DOUBLE PRECISION    NOT NULL,
    g_mu_before    DOUBLE PRECISION    NOT NULL,            -- the same in the server's own ratings
    g_sigma_before DOUBLE PRECISION    NOT NULL,
    g_mu_after     DOUBLE PRECISION    NOT NULL,
    g_sigma_after  DOUBLE PRECISION    NOT NULL,
    PRIMARY KEY (game_id, player_id)
);
CREATE INDEX rating_history_by_player ON rating_history (player_id, finished_at);
CREATE INDEX rating_history_by_player_guild ON rating_history (player_id, guild_id, finished_at);
