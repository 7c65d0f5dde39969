-- Nothing lost, nothing doubled: messages owed to Discord, interactions already handled, due times,
-- per-player image layout, computer seats, and standing moves in the log.

CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY,
    game_id         INTEGER REFERENCES games (id) ON DELETE CASCADE,
    version         INTEGER,                    -- the game version the message is about
    kind            TEXT    NOT NULL,           -- board, notice, dm, lobby, lobby_edit, archive, drop_buttons
    payload         TEXT    NOT NULL,           -- JSON: words and targets
    status          TEXT    NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'sending', 'done', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at REAL    NOT NULL,
    lease_until     REAL,                       -- a 'sending' row is claimed until then
    created_at      REAL    NOT NULL,
    message_id      INTEGER,                    -- what Discord made of it
    channel_id      INTEGER,
    error           TEXT
);
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
CREATE INDEX outbox_by_game ON outbox (game_id, id);

CREATE TABLE interactions (
    interaction_id INTEGER PRIMARY KEY,         -- Discord's id: the same interaction is handled once
    game_id        INTEGER,
    outcome        TEXT    NOT NULL,            -- JSON: what its first handling did
    created_at     REAL    NOT NULL
);
CREATE INDEX interactions_by_age ON interactions (created_at);

ALTER TABLE games ADD COLUMN next_due_at REAL;  -- the next reminder or deadline of an active game
ALTER TABLE games ADD COLUMN to_move INTEGER;   -- the seat whose decision it is (-1: chance; NULL: none)
CREATE INDEX games_due ON games (status, next_due_at);
CREATE INDEX games_by_status ON games (status, updated_at);

ALTER TABLE user_prefs ADD COLUMN layout TEXT;  -- 'landscape' | 'portrait' | NULL (the default)
ALTER TABLE seats ADD COLUMN computer TEXT;     -- a computer player's level, NULL for a person
ALTER TABLE seats ADD COLUMN left_game INTEGER NOT NULL DEFAULT 0;  -- 1: resigned or removed

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- moves.kind gains 'standing' (out-of-turn standing orders); SQLite rebuilds the table to change a CHECK.
CREATE TABLE moves_new (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply        INTEGER NOT NULL,
    seat       INTEGER,
    kind       TEXT    NOT NULL CHECK (kind IN ('move', 'chance', 'resign', 'standing')),
    move       TEXT    NOT NULL,
    user_id    INTEGER,
    created_at REAL    NOT NULL,
    undone     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, ply)
);
INSERT INTO moves_new (game_id, ply, seat, kind, move, user_id, created_at, undone)
    SELECT game_id, ply, seat, kind, move, user_id, created_at, undone FROM moves;
DROP TABLE moves;
ALTER TABLE moves_new RENAME TO moves;
CREATE INDEX seats_by_game_seat ON seats (game_id, seat);
