-- Upgrade: messages and deliveries become partitioned tables (docs/retention.md, "PostgreSQL partitions"):
-- by tier (LIST: t0 the held area, t7, t21, t49), then by received_at (RANGE: a day for t7, a week from
-- Monday for t21 and t49, a month for t0; bounds at midnight UTC). An expired period goes by dropping its
-- partition, and its disk comes back at once. Leaves are made ahead of time by the engine's maintenance
-- (PartitionMaintenance); this migration makes those its existing rows need.
-- Heavy: messages, deliveries (copied whole into the new tables).
-- Not expand-only, on purpose and once: there has been no release, so no older binary reads these tables
-- (ExpandOnlyMigrationsTest names this file). Tables, columns and index names stay what they were.
-- Primary keys hold the partition keys (PostgreSQL's rule for unique indexes on partitioned tables), and
-- deliveries no longer have a foreign key to messages (one cannot follow a message across tiers): ids stay
-- unique through the one identity sequence, and a delivery goes only with its message (same tier and time).

ALTER TABLE deliveries RENAME TO deliveries_v1;
ALTER TABLE messages RENAME TO messages_v1;
ALTER TABLE deliveries_v1 RENAME CONSTRAINT deliveries_pkey TO deliveries_v1_pkey;
ALTER TABLE messages_v1 RENAME CONSTRAINT messages_pkey TO messages_v1_pkey;
DROP INDEX messages_by_interface, messages_pending, messages_quarantined, messages_edited, messages_filtered,
    messages_duplicate, messages_by_time, deliveries_pending, deliveries_quarantined, deliveries_quarantined_newest;

CREATE TABLE messages (LIKE messages_v1 INCLUDING DEFAULTS INCLUDING IDENTITY, PRIMARY KEY (id, tier, received_at))
    PARTITION BY LIST (tier);
CREATE TABLE deliveries (LIKE deliveries_v1 INCLUDING DEFAULTS, PRIMARY KEY (message_id, destination, tier, received_at))
    PARTITION BY LIST (tier);

CREATE INDEX messages_by_interface ON messages (interface_name, id);
CREATE INDEX messages_pending ON messages (interface_name, id) WHERE status = 'pending';
CREATE INDEX messages_quarantined ON messages (interface_name, id) WHERE status = 'quarantined';
CREATE INDEX messages_edited ON messages (edited_from) WHERE edited_from IS NOT NULL;
CREATE INDEX messages_filtered ON messages (interface_name, id) WHERE status = 'filtered';
CREATE INDEX messages_duplicate ON messages (interface_name, id) WHERE status = 'duplicate';
CREATE INDEX messages_by_time ON messages (received_at, interface_name, status, id);
CREATE INDEX deliveries_pending ON deliveries (interface_name, destination, lane, message_id) WHERE status = 'pending';
CREATE INDEX deliveries_quarantined ON deliveries (interface_name, destination, message_id) WHERE status = 'quarantined';
CREATE INDEX deliveries_quarantined_newest ON deliveries (message_id, destination) WHERE status = 'quarantined';

CREATE TABLE messages_t0 PARTITION OF messages FOR VALUES IN (0) PARTITION BY RANGE (received_at);
CREATE TABLE messages_t7 PARTITION OF messages FOR VALUES IN (7) PARTITION BY RANGE (received_at);
CREATE TABLE messages_t21 PARTITION OF messages FOR VALUES IN (21) PARTITION BY RANGE (received_at);
CREATE TABLE messages_t49 PARTITION OF messages FOR VALUES IN (49) PARTITION BY RANGE (received_at);
CREATE TABLE deliveries_t0 PARTITION OF deliveries FOR VALUES IN (0) PARTITION BY RANGE (received_at);
CREATE TABLE deliveries_t7 PARTITION OF deliveries FOR VALUES IN (7) PARTITION BY RANGE (received_at);
CREATE TABLE deliveries_t21 PARTITION OF deliveries FOR VALUES IN (21) PARTITION BY RANGE (received_at);
CREATE TABLE deliveries_t49 PARTITION OF deliveries FOR VALUES IN (49) PARTITION BY RANGE (received_at);

-- The leaves existing rows need (all are in t49: V31's default), named and bounded as the maintenance
-- names and bounds them (PartitionPeriods): messages_t49_20261130 holds the week that starts that Monday.
DO $$
DECLARE
    week_ms CONSTANT BIGINT := 7 * 86400000;
    monday  CONSTANT BIGINT := 4 * 86400000; -- 1970-01-05, the first Monday
    start   BIGINT;
    name    TEXT;
BEGIN
    FOR start IN SELECT DISTINCT monday + floor((received_at - monday)::numeric / week_ms)::bigint * week_ms
                 FROM messages_v1 LOOP
        name := to_char(to_timestamp(start / 1000) AT TIME ZONE 'UTC', 'YYYYMMDD');
        EXECUTE format('CREATE TABLE messages_t49_%s PARTITION OF messages_t49 FOR VALUES FROM (%s) TO (%s) WITH (fillfactor = 90)',
                       name, start, start + week_ms);
        EXECUTE format('CREATE TABLE deliveries_t49_%s PARTITION OF deliveries_t49 FOR VALUES FROM (%s) TO (%s) WITH (fillfactor = 80)',
                       name, start, start + week_ms);
    END LOOP;
END $$;

INSERT INTO messages SELECT * FROM messages_v1;
UPDATE deliveries_v1 d SET received_at = m.received_at FROM messages_v1 m WHERE m.id = d.message_id;
INSERT INTO deliveries SELECT * FROM deliveries_v1;
-- Ids never come back: the new sequence goes on from where the old one was.
DO $$
DECLARE
    last BIGINT;
BEGIN
    EXECUTE format('SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM %s',
                   pg_get_serial_sequence('messages_v1', 'id')) INTO last;
    last := GREATEST(last, (SELECT COALESCE(MAX(id), 0) FROM messages_v1));
    IF last > 0 THEN
        PERFORM setval(pg_get_serial_sequence('messages', 'id'), last, true);
    END IF;
END $$;
DROP TABLE deliveries_v1;
DROP TABLE messages_v1;
