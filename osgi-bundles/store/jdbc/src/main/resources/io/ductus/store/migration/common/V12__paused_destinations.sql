-- Destinations an operator paused: they stay paused across restarts of the engine (and on every engine of a
-- shared database when it starts) until resumed. Expand-only.
CREATE TABLE paused_destinations (
    interface_name TEXT   NOT NULL,
    destination    TEXT   NOT NULL,
    paused_at      BIGINT NOT NULL,
    paused_by      TEXT,
    PRIMARY KEY (interface_name, destination)
);
