-- PostgreSQL only. Deliveries are updated in place (pending -> sent) and messages once (settled): free room
-- in each page lets PostgreSQL keep those updates on the same page (HOT updates, less index churn).
ALTER TABLE deliveries SET (fillfactor = 80);
ALTER TABLE messages SET (fillfactor = 90);
