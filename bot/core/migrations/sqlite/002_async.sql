-- Asynchronous play: per-game timing, players' notification choices, server settings, notices sent.
CREATE TABLE game_timing (
    game_id        INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    reminder_hours REAL    NOT NULL,            -- 0: no reminders
    deadline_hours REAL    NOT NULL,            -- 0: no turn deadline
    auto_skip      INTEGER NOT NULL DEFAULT 0   -- 1: the bot skips a late turn by itself
);

CREATE TABLE user_prefs (
    user_id       INTEGER PRIMARY KEY,
    dm_everywhere INTEGER NOT NULL DEFAULT 0,   -- your-turn DMs in every server without a choice of its own
    away          INTEGER NOT NULL DEFAULT 0,   -- 1: no reminders
    away_since    REAL
);

CREATE TABLE user_guild_prefs (
    user_id  INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    dm       INTEGER NOT NULL,                  -- your-turn DMs for games of this server
    PRIMARY KEY (user_id, guild_id)
);

CREATE TABLE guild_settings (
    guild_id           INTEGER PRIMARY KEY,
    reminder_hours     REAL,                    -- NULL: the bot's default
    deadline_hours     REAL,                    -- NULL: the bot's default
    threads            INTEGER NOT NULL DEFAULT 1,
    allowed_channel_id INTEGER                  -- NULL: games may start in any channel
);

-- One row per notice sent, written before sending, so nothing is sent twice (restarts included).
CREATE TABLE turn_notices (
    game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    turn_started_at REAL    NOT NULL,           -- with seat: which turn
    seat            INTEGER NOT NULL,
    kind            TEXT    NOT NULL CHECK (kind IN ('reminder', 'deadline', 'autoskip')),
    number          INTEGER NOT NULL,           -- 1, 2, 3 ... per turn and kind
    sent_at         REAL    NOT NULL,
    PRIMARY KEY (game_id, turn_started_at, seat, kind, number)
);
