-- Rooms, their seats, the moves with the server's stamps, and the results.
-- The PostgreSQL twin of ../0001_rooms.sql (BYTEA for BLOB, BIGINT for
-- INTEGER: the store reads 64-bit numbers); times are ms since the
-- Unix epoch; seats are 0-based (the wire numbers them from 1).
CREATE TABLE rooms (
    id TEXT PRIMARY KEY,
    size BIGINT NOT NULL,
    walls BIGINT NOT NULL,
    control TEXT NOT NULL,
    seat_count BIGINT NOT NULL,
    created_ms BIGINT NOT NULL,
    rematch TEXT REFERENCES rooms (id)
);

CREATE TABLE seats (
    room TEXT NOT NULL REFERENCES rooms (id),
    seat BIGINT NOT NULL,
    -- SHA-256 of the seat secret, once the seat is taken.
    secret_hash BYTEA,
    -- SHA-256 of the one-use invite code, while the seat is free.
    invite_hash BYTEA,
    rematch_offer BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (room, seat)
);

CREATE TABLE moves (
    room TEXT NOT NULL REFERENCES rooms (id),
    ply BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    notation TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    -- Each seat's time left right after the move, comma-separated (empty
    -- without a clock): what the players were shown.
    clock_ms TEXT NOT NULL,
    PRIMARY KEY (room, ply)
);

CREATE TABLE results (
    room TEXT PRIMARY KEY REFERENCES rooms (id),
    -- The winning seat; NULL for an aborted game.
    winner BIGINT,
    reason TEXT NOT NULL,
    at_ms BIGINT NOT NULL
);
