-- Reads of a message's payload are logged once per reader and message per window (docs/rest-api.md): before
-- writing the row the store asks whether this reader read this target since the window began, through this
-- index. It also serves "who touched message N". Expand-only.
CREATE INDEX audit_log_target ON audit_log (target, at);
