-- Upgrade: drafts users keep on the server, per user and interface (the studio saves them as they type).
-- Expand-only.
-- Heavy: none (new tables).

-- owner: user:NAME or token:NAME, as the audit log names callers. base_revision: the revision the draft
-- was started from, null for a draft of a new interface.
CREATE TABLE drafts (
    owner          TEXT    NOT NULL,
    interface_name TEXT    NOT NULL,
    base_revision  INTEGER,
    created_at     BIGINT  NOT NULL,
    updated_at     BIGINT  NOT NULL,
    PRIMARY KEY (owner, interface_name)
);

CREATE TABLE draft_files (
    owner          TEXT    NOT NULL,
    interface_name TEXT    NOT NULL,
    path           TEXT    NOT NULL,
    content        ${blob} NOT NULL,
    PRIMARY KEY (owner, interface_name, path)
);
