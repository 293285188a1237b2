-- The message browser and its actions (docs/store.md). Numbered from 10 so that migrations being written
-- at the same time on other branches (users, tokens, audit) keep the low numbers. Expand-only.

-- An edited copy names the message it corrects; the original's detail lists its copies through the index,
-- which holds only copies.
ALTER TABLE messages ADD COLUMN edited_from BIGINT;
CREATE INDEX messages_edited ON messages (edited_from) WHERE edited_from IS NOT NULL;

-- Every status a browser filters by has an index, so a status filter never walks an interface's messages
-- looking for rare ones: pending and quarantined have theirs (V1), filtered and duplicate get one here, and
-- sent, the bulk, is found by walking messages_by_interface.
CREATE INDEX messages_filtered ON messages (interface_name, id) WHERE status = 'filtered';
CREATE INDEX messages_duplicate ON messages (interface_name, id) WHERE status = 'duplicate';

-- A time range: an index-only range scan of the messages received in it, filtered by interface and status
-- inside the index, whose ids are then sorted newest first. Its cost follows the size of the range, never
-- that of the table.
CREATE INDEX messages_by_time ON messages (received_at, interface_name, status, id);

-- Quarantine across interfaces, newest first: a walk of this index, which holds only quarantined rows.
CREATE INDEX deliveries_quarantined_newest ON deliveries (message_id, destination) WHERE status = 'quarantined';
