-- The queue and what goes with it (ARCHITECTURE.md §4). Portable subset: runs on SQLite and PostgreSQL.
-- ${id_column}, ${message_id_column}, ${blob} and ${without_rowid} are the one mapping between the two (see Dialect.java); times
-- are Unix ms. Every index here is written to by each stored message: keep them few (commit cost).
-- Expand-only: later migrations add tables, columns and indexes; they never drop or rename (docs/migrations.md).

CREATE TABLE messages (
    id             ${message_id_column},
    interface_name TEXT    NOT NULL,
    received_at    BIGINT  NOT NULL,
    status         TEXT    NOT NULL,
    payload        ${blob} NOT NULL,
    charset        TEXT    NOT NULL,
    ordering_key   TEXT,
    lane           INTEGER NOT NULL,
    dedupe_key     TEXT,
    duplicate_of   BIGINT,
    source_info    TEXT,
    settled_at     BIGINT
);

-- The browser: by interface, newest first, paged by id. Messages still pending and quarantined ones (the
-- statuses people look for among mostly sent ones) have small indexes of their own; reconciling at start
-- reads only the pending one.
CREATE INDEX messages_by_interface ON messages (interface_name, id);
CREATE INDEX messages_pending ON messages (interface_name, id) WHERE status = 'pending';
CREATE INDEX messages_quarantined ON messages (interface_name, id) WHERE status = 'quarantined';

CREATE TABLE deliveries (
    message_id      BIGINT  NOT NULL REFERENCES messages (id),
    destination     TEXT    NOT NULL,
    interface_name  TEXT    NOT NULL,
    lane            INTEGER NOT NULL,
    status          TEXT    NOT NULL,
    attempts        INTEGER NOT NULL,
    next_attempt_at BIGINT,
    last_error      TEXT,
    output          ${blob},
    output_charset  TEXT,
    lease_until     BIGINT,
    updated_at      BIGINT  NOT NULL,
    PRIMARY KEY (message_id, destination)
)${without_rowid};

-- A worker reads one lane of one destination in message-id order: this index makes that a range scan
-- whose cost does not depend on how many deliveries wait. Only pending rows are in it.
CREATE INDEX deliveries_pending ON deliveries (interface_name, destination, lane, message_id) WHERE status = 'pending';
CREATE INDEX deliveries_quarantined ON deliveries (interface_name, destination, message_id) WHERE status = 'quarantined';

CREATE TABLE dedupe_keys (
    interface_name TEXT   NOT NULL,
    dedupe_key     TEXT   NOT NULL,
    message_id     BIGINT NOT NULL,
    created_at     BIGINT NOT NULL,
    PRIMARY KEY (interface_name, dedupe_key)
);

CREATE TABLE source_state (
    interface_name TEXT   NOT NULL,
    state_key      TEXT   NOT NULL,
    state_value    TEXT   NOT NULL,
    updated_at     BIGINT NOT NULL,
    PRIMARY KEY (interface_name, state_key)
);

CREATE TABLE interface_revisions (
    interface_name TEXT    NOT NULL,
    revision       INTEGER NOT NULL,
    created_at     BIGINT  NOT NULL,
    author         TEXT,
    config_text    TEXT    NOT NULL,
    code_text      TEXT,
    PRIMARY KEY (interface_name, revision)
);
