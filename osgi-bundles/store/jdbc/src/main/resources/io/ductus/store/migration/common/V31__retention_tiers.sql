-- Upgrade: every message and delivery records its retention tier (the window's days: 7, 21 or 49, and 0 for
-- the held area), and every delivery its message's received_at. PostgreSQL partitions both tables by these
-- (V31_1, docs/retention.md); SQLite only stores them, so one set of statements writes both databases.
-- Rows stored before this migration are in the longest tier. Expand-only.
-- Heavy: messages, deliveries (a column with a constant default: no rewrite on either database)
ALTER TABLE messages ADD COLUMN tier INTEGER NOT NULL DEFAULT 49;
ALTER TABLE deliveries ADD COLUMN tier INTEGER NOT NULL DEFAULT 49;
ALTER TABLE deliveries ADD COLUMN received_at BIGINT NOT NULL DEFAULT 0;
