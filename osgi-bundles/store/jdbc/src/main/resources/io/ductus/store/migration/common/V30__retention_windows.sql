-- Retention (docs/operate/retention.md): the window each interface's messages are purged by, in days. An
-- interface without a row has not been seen yet; its configured window applies at once. A shorter window
-- than the one here waits for a confirmation before it is written (it deletes what the old one kept).
-- Expand-only. Heavy: none (a new table).
CREATE TABLE retention_windows (
    interface_name TEXT    NOT NULL PRIMARY KEY,
    days           INTEGER NOT NULL,
    changed_at     BIGINT  NOT NULL,
    changed_by     TEXT    NOT NULL
);
