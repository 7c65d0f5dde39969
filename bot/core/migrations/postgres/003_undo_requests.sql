-- Undo with consent: a player's request to take back their last move, and who has agreed.
CREATE TABLE undo_requests (
    game_id      BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version      BIGINT  NOT NULL,               -- the game version asked at; any change makes it void
    requester_id BIGINT  NOT NULL,
    first_ply    INTEGER NOT NULL,               -- the log rows to mark undone, inclusive
    last_ply     INTEGER NOT NULL,
    status       TEXT    NOT NULL CHECK (status IN ('open', 'granted', 'refused', 'withdrawn', 'stale')),
    created_at   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, version)
);

CREATE TABLE undo_agreements (
    game_id   BIGINT  NOT NULL,
    version   BIGINT  NOT NULL,
    user_id   BIGINT  NOT NULL,
    agreed_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, version, user_id),
    FOREIGN KEY (game_id, version) REFERENCES undo_requests (game_id, version) ON DELETE CASCADE
);
