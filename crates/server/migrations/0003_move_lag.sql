-- Each move's lag credit: the time (ms) given back to the mover's clock
-- for their network's lag, within their lag quota. A room is read back by
-- replaying its moves with it; moves stored before it existed had none.
ALTER TABLE moves ADD COLUMN lag_ms BIGINT NOT NULL DEFAULT 0;
