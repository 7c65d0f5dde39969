-- Asynchronous play: per-game timing, players' notification choices, server settings, notices sent.
-- Flags are 0/1 INTEGERs, as in SQLite, so the store's SQL runs unchanged on both.
CREATE TABLE game_timing (
    game_id        BIGINT  PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    reminder_hours DOUBLE PRECISION NOT NULL,   -- 0: no reminders
    deadline_hours DOUBLE PRECISION NOT NULL,   -- 0: no turn deadline
    auto_skip      INTEGER NOT NULL DEFAULT 0   -- 1: the bot skips a late turn by itself
);

CREATE TABLE user_prefs (
    user_id       BIGINT  PRIMARY KEY,
    dm_everywhere INTEGER NOT NULL DEFAULT 0,   -- your-turn DMs in every server without a choice of its own
    away          INTEGER NOT NULL DEFAULT 0,   -- 1: no reminders
    away_since    DOUBLE PRECISION
);

CREATE TABLE user_guild_prefs (
    user_id  BIGINT  NOT NULL,
    guild_id BIGINT  NOT NULL,
    dm       INTEGER NOT NULL,                  -- your-turn DMs for games of this server
    PRIMARY KEY (user_id, guild_id)
);

CREATE TABLE guild_settings (
    guild_id           BIGINT  PRIMARY KEY,
    reminder_hours     DOUBLE PRECISION,        -- NULL: the bot's default
    deadline_hours     DOUBLE PRECISION,        -- NULL: the bot's default
    threads            INTEGER NOT NULL DEFAULT 1,
    allowed_channel_id BIGINT                   -- NULL: games may start in any channel
);

-- One row per notice sent, written before sending, so nothing is sent twice (restarts included).
CREATE TABLE turn_notices (
    game_id         BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    turn_started_at DOUBLE PRECISION NOT NULL,  -- with seat: which turn
    seat            INTEGER NOT NULL,
    kind            TEXT    NOT NULL CHECK (kind IN ('reminder', 'deadline', 'autoskip')),
    number          INTEGER NOT NULL,           -- 1, 2, 3 ... per turn and kind
    sent_at         DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, turn_started_at, seat, kind, number)
);
