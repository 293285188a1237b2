-- PostgreSQL only (issue 23): several engines on one database. Each engine run has a row; it is alive while
-- its session advisory lock is held (pg_locks) and its heartbeat is fresh. Each queued interface is delivered
-- by the one engine whose claim is in interface_owners; every claim has a new epoch, which fences sends.
CREATE TABLE engines (
    id         TEXT PRIMARY KEY,
    host       TEXT NOT NULL,
    pid        BIGINT NOT NULL,
    version    TEXT NOT NULL,
    started_at BIGINT NOT NULL,
    state      TEXT NOT NULL,
    heartbeat  TIMESTAMPTZ NOT NULL,
    lock_key   INTEGER NOT NULL,
    lock_pid   INTEGER NOT NULL
);
CREATE INDEX engines_not_stopped ON engines (started_at) WHERE state <> 'STOPPED';

CREATE TABLE interface_owners (
    interface  TEXT PRIMARY KEY,
    engine_id  TEXT NOT NULL,
    epoch      BIGINT NOT NULL,
    claimed_at BIGINT NOT NULL
);
CREATE INDEX interface_owners_by_engine ON interface_owners (engine_id);

-- An operator's move: the interface goes to that engine while it is live.
CREATE TABLE interface_moves (
    interface TEXT PRIMARY KEY,
    engine_id TEXT NOT NULL,
    asked_at  BIGINT NOT NULL
);

CREATE SEQUENCE interface_owner_epochs;
