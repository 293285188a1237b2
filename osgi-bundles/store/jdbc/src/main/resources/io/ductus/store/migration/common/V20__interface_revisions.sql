-- Upgrade: every revision of an interface the engine runs or tried to, with the full content of its files,
-- and on each delivery the revision whose code decided its last outcome (docs/designing.md). Expand-only:
-- interface_revisions (V1) gets the columns a revision now has; config_text and code_text keep being
-- written (interface.yaml and transform.js) for any release that reads them.
-- Heavy: none (columns without defaults; a new table and index).

-- status: deploying (under way), deployed, failed, removed. The current revision of an interface is its
-- newest deployed or removed one. origin: api, disk, start, rollback. based_on: the revision a deploy
-- named as its base. reason: why it failed, or what a removal did with pending messages.
ALTER TABLE interface_revisions ADD COLUMN content_hash TEXT;
ALTER TABLE interface_revisions ADD COLUMN status TEXT;
ALTER TABLE interface_revisions ADD COLUMN origin TEXT;
ALTER TABLE interface_revisions ADD COLUMN message TEXT;
ALTER TABLE interface_revisions ADD COLUMN based_on INTEGER;
ALTER TABLE interface_revisions ADD COLUMN finished_at BIGINT;
ALTER TABLE interface_revisions ADD COLUMN reason TEXT;

-- The current revision, and a deploy under way, are found through this index without reading the files.
CREATE INDEX interface_revisions_by_status ON interface_revisions (interface_name, status, revision);

-- Every file of a revision, by its path relative to the project folder: interfaces/<name>/… and the
-- lib/ files its code imports. Replay runs a revision again from these.
CREATE TABLE interface_revision_files (
    interface_name TEXT    NOT NULL,
    revision       INTEGER NOT NULL,
    path           TEXT    NOT NULL,
    content        ${blob} NOT NULL,
    PRIMARY KEY (interface_name, revision, path)
);

-- The revision whose code decided a delivery's last outcome (null: none yet, or an older release).
ALTER TABLE deliveries ADD COLUMN revision INTEGER;
