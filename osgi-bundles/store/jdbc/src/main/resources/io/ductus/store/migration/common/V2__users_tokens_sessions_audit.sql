-- Who may call the REST API, and what was done (ARCHITECTURE.md §4 and §8). Portable subset, as V1.
-- These tables are written rarely (sign-ins, account changes) and never on a message's path.

-- Local accounts. permissions: a comma-separated sorted list ('' for none). failed_* and locked_until
-- count wrong passwords (lockout); must_change_password is set when an admin chose the password.
CREATE TABLE users (
    id                   ${id_column},
    username             TEXT    NOT NULL,
    role                 TEXT    NOT NULL,
    permissions          TEXT    NOT NULL,
    password_hash        TEXT,
    must_change_password INTEGER NOT NULL,
    failed_sign_ins      INTEGER NOT NULL,
    failed_since         BIGINT,
    locked_until         BIGINT,
    disabled_at          BIGINT,
    created_at           BIGINT  NOT NULL,
    password_changed_at  BIGINT
);
CREATE UNIQUE INDEX users_username ON users (username);

-- Bearer tokens, stored as the SHA-256 of the secret. A token with a user_id acts as that user at most.
CREATE TABLE api_tokens (
    id          ${id_column},
    name        TEXT   NOT NULL,
    token_hash  TEXT   NOT NULL,
    role        TEXT   NOT NULL,
    permissions TEXT   NOT NULL,
    user_id     BIGINT REFERENCES users (id),
    created_at  BIGINT NOT NULL,
    created_by  TEXT   NOT NULL,
    revoked_at  BIGINT
);
CREATE UNIQUE INDEX api_tokens_hash ON api_tokens (token_hash);

-- Studio sessions (cookie), stored as the SHA-256 of the session id and of its anti-CSRF token.
CREATE TABLE api_sessions (
    id           ${id_column},
    session_hash TEXT   NOT NULL,
    csrf_hash    TEXT   NOT NULL,
    user_id      BIGINT NOT NULL REFERENCES users (id),
    created_at   BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX api_sessions_hash ON api_sessions (session_hash);
CREATE INDEX api_sessions_user ON api_sessions (user_id);

-- One row per thing done, written in the transaction of the change it describes. actor: 'user:NAME',
-- 'token:NAME', 'cli:OS-USER', 'anonymous'; user_id: the user, or the owner of the token (for
-- GET /me/activity); via: session, token, cli, anonymous. detail: a JSON document or NULL.
CREATE TABLE audit_log (
    id       ${id_column},
    at       BIGINT NOT NULL,
    actor    TEXT   NOT NULL,
    user_id  BIGINT,
    token_id BIGINT,
    via      TEXT   NOT NULL,
    address  TEXT,
    action   TEXT   NOT NULL,
    target   TEXT,
    outcome  TEXT   NOT NULL,
    detail   TEXT
);
CREATE INDEX audit_log_user ON audit_log (user_id, id);
CREATE INDEX audit_log_token ON audit_log (token_id, id);
