-- Games, their seats and the append-only move log.
CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,          -- where the game was created
    thread_id        INTEGER,                   -- the game's thread; NULL: the game posts in channel_id
    game             TEXT    NOT NULL,          -- engine name
    options          TEXT    NOT NULL,          -- JSON object
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    creator_id       INTEGER NOT NULL,
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL,
    version          INTEGER NOT NULL DEFAULT 0, -- bumped by every change; guards against races
    state            TEXT,                      -- engine.dumps(); NULL while in the lobby
    lobby_message_id INTEGER,
    turn_started_at  REAL                       -- when the seat to move became to move
);
CREATE INDEX games_by_guild ON games (guild_id, status);
CREATE INDEX games_by_thread ON games (thread_id);
CREATE INDEX games_by_channel ON games (channel_id);

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    seat      INTEGER,                          -- NULL until the game starts
    joined_at REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE moves (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply        INTEGER NOT NULL,                -- 1, 2, 3 ... per game
    seat       INTEGER,                         -- -1 for chance
    kind       TEXT    NOT NULL CHECK (kind IN ('move', 'chance', 'resign')),
    move       TEXT    NOT NULL,
    user_id    INTEGER,                         -- who sent it (NULL for chance)
    created_at REAL    NOT NULL,
    undone     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, ply)
);
