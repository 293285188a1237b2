-- Upgrade: replay jobs and their results (docs/replay.md): what was asked, how far it got, the counts, and
-- a row per message and destination that did not come out the same. Purged after replay.keep.
-- Expand-only.
-- Heavy: none (new tables).

-- status: running, done, cancelled, failed. request and summary are JSON (the job's parameters; counts
-- per kind, the fields that changed most, the rates). Payloads are never here; differences are.
CREATE TABLE replay_jobs (
    id          ${id_column},
    created_by  TEXT   NOT NULL,
    created_at  BIGINT NOT NULL,
    finished_at BIGINT,
    status      TEXT   NOT NULL,
    request     TEXT   NOT NULL,
    summary     TEXT
);

-- One row per message and destination whose kind is not same. fields: the paths that changed, each
-- between spaces (" PID-5.1 MSH-7 "), so a filter by field is a LIKE; detail: JSON (decisions, reasons,
-- differences).
CREATE TABLE replay_rows (
    job_id         BIGINT NOT NULL,
    message_id     BIGINT NOT NULL,
    destination    TEXT   NOT NULL,
    interface_name TEXT   NOT NULL,
    kind           TEXT   NOT NULL,
    fields         TEXT   NOT NULL,
    detail         TEXT   NOT NULL,
    PRIMARY KEY (job_id, message_id, destination)
);
CREATE INDEX replay_rows_by_kind ON replay_rows (job_id, kind, message_id);
