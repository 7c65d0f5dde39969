-- Undo with consent: a player's request to take back their last move, and who has agreed.
CREATE TABLE undo_requests (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version      INTEGER NOT NULL,               -- the game version asked at; any change makes it void
    requester_id INTEGER NOT NULL,
    first_ply    INTEGER NOT NULL,               -- the log rows to mark undone, inclusive
    last_ply     INTEGER NOT NULL,
    status       TEXT    NOT NULL CHECK (status IN ('open', 'granted', 'refused', 'withdrawn', 'stale')),
    created_at   REAL    NOT NULL,
    PRIMARY KEY (game_id, version)
);

CREATE TABLE undo_agreements (
    game_id   INTEGER NOT NULL,
    version   INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    agreed_at REAL    NOT NULL,
    PRIMARY KEY (game_id, version, user_id),
    FOREIGN KEY (game_id, version) REFERENCES undo_requests (game_id, version) ON DELETE CASCADE
);
