-- Wrong passwords counted per user name and caller's address (lockout with back-off): a guesser on one
-- address locks that name for that address only, never its user everywhere; names nobody has are counted
-- the same way, so the answers never tell them apart. Rows older than the longest lock and its window are
-- deleted as new failures come. users.failed_sign_ins, failed_since and locked_until are no longer written
-- (expand-only: they stay).
CREATE TABLE sign_in_failures (
    username     TEXT    NOT NULL,
    address      TEXT    NOT NULL,
    failures     INTEGER NOT NULL,
    last_at      BIGINT  NOT NULL,
    locked_until BIGINT,
    PRIMARY KEY (username, address)
);
CREATE INDEX sign_in_failures_last_at ON sign_in_failures (last_at);
