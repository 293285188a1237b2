-- SQLite's message ids are given by the store (MessageIds): the next id is one more than the highest of the
-- newest message's id and this floor, the highest id a purge ever deleted. The floor is written by purges only,
-- never by a stored message: a plain INTEGER PRIMARY KEY so never gives an id twice, without AUTOINCREMENT's
-- write of sqlite_sequence in every commit (a page of seven per one-message commit). PostgreSQL's identity
-- sequence gives its ids and leaves this table empty. Expand-only. Heavy: none (a new table).
CREATE TABLE message_id_floor (
    name TEXT   NOT NULL PRIMARY KEY,
    high BIGINT NOT NULL
);
