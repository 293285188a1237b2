-- Health facts that survive a restart, alerts, their history, the notification outbox and silences
-- (docs/health-and-alerts.md). Portable subset, as V1. Versions 50-59 belong to health and alerts. Expand-only.

-- When an engine first watched each interface (expectations before that do not count) and when it last
-- stored a message; saved every few seconds from memory, never moving back.
CREATE TABLE interface_activity (
    interface_name TEXT   NOT NULL PRIMARY KEY,
    watched_since  BIGINT NOT NULL,
    last_received  BIGINT
);

-- A destination's last moves, and its usual inflow and send time per hour of the week (Baseline.toText).
CREATE TABLE destination_activity (
    interface_name TEXT   NOT NULL,
    destination    TEXT   NOT NULL,
    watched_since  BIGINT NOT NULL,
    last_finished  BIGINT,
    last_error_at  BIGINT,
    last_error     TEXT,
    baseline       TEXT,
    PRIMARY KEY (interface_name, destination)
);

-- One row per alert target (an interface, a destination, the engine, later a certificate). rev counts
-- changes: every change is an UPDATE ... WHERE rev = <the rev it was decided from>, so two engines judging
-- the same round record one change, not two. told: channels told in this episode, comma-separated.
CREATE TABLE alert_state (
    id              ${id_column},
    target          TEXT    NOT NULL,
    kind            TEXT    NOT NULL,
    interface_name  TEXT,
    status          TEXT    NOT NULL,
    state           TEXT,
    reason          TEXT,
    severity        TEXT,
    rule_name       TEXT,
    since           BIGINT,
    fired_at        BIGINT,
    last_notice_at  BIGINT,
    escalated_at    BIGINT,
    acknowledged_at BIGINT,
    acknowledged_by TEXT,
    good_since      BIGINT,
    told            TEXT    NOT NULL,
    episode         INTEGER NOT NULL,
    rev             BIGINT  NOT NULL,
    updated_at      BIGINT  NOT NULL
);
CREATE UNIQUE INDEX alert_state_target ON alert_state (target);

-- What happened to each alert, written in the transaction of the change.
CREATE TABLE alert_events (
    id       ${id_column},
    alert_id BIGINT  NOT NULL,
    target   TEXT    NOT NULL,
    at       BIGINT  NOT NULL,
    what     TEXT    NOT NULL,
    status   TEXT    NOT NULL,
    state    TEXT,
    severity TEXT,
    detail   TEXT,
    actor    TEXT,
    episode  INTEGER NOT NULL
);
CREATE INDEX alert_events_by_alert ON alert_events (alert_id, id);
CREATE INDEX alert_events_by_time ON alert_events (at);

-- The outbox: one row per notice and channel, written with the change that made it. A sender claims due
-- rows with a lease (lease_until); sent, given up (failed) or cancelled (a recovery came first) end them.
CREATE TABLE alert_notifications (
    id          ${id_column},
    alert_id    BIGINT,
    episode     INTEGER NOT NULL,
    channel     TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    target      TEXT,
    severity    TEXT    NOT NULL,
    state       TEXT,
    reason      TEXT,
    created_at  BIGINT  NOT NULL,
    due_at      BIGINT  NOT NULL,
    status      TEXT    NOT NULL,
    attempts    INTEGER NOT NULL,
    lease_until BIGINT,
    last_error  TEXT,
    sent_at     BIGINT
);
-- The sender's look for due rows, and a channel's waiting group: only waiting rows are in it.
CREATE INDEX alert_notifications_waiting ON alert_notifications (due_at, id) WHERE status = 'waiting';
CREATE INDEX alert_notifications_by_alert ON alert_notifications (alert_id, episode, channel);
CREATE INDEX alert_notifications_by_time ON alert_notifications (created_at);

-- Operators' silences: target is an interface, interface/destination, or * for everything.
CREATE TABLE alert_silences (
    id         ${id_column},
    target     TEXT   NOT NULL,
    starts_at  BIGINT NOT NULL,
    ends_at    BIGINT NOT NULL,
    reason     TEXT   NOT NULL,
    created_by TEXT   NOT NULL,
    created_at BIGINT NOT NULL,
    ended_at   BIGINT,
    ended_by   TEXT
);
CREATE INDEX alert_silences_open ON alert_silences (ends_at) WHERE ended_at IS NULL;
