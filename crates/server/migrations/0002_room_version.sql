-- Each room's version, raised by every write of the room: a server writes
-- only over the version it read (several servers may share a PostgreSQL
-- database), else it reads the room again.
ALTER TABLE rooms ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
