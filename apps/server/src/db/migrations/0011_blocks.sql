-- Issue 27 (docs/api.md §9.4): blocking. One row per (blocker, blocked): blocking again adds nothing and keeps the
-- first time. Withdrawal of either user removes the rows (the blocks area's withdrawal hook).
CREATE TABLE blocks (
  blocker_id integer NOT NULL REFERENCES users(id),
  blocked_id integer NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id),
  CONSTRAINT blocks_not_self CHECK (blocker_id <> blocked_id)
);
-- 차단 목록 newest first, and the count of the 500 limit (an index-only scan of the caller's rows).
CREATE INDEX blocks_blocker_recent_idx ON blocks (blocker_id, created_at DESC, blocked_id DESC);
-- "Has anyone blocked whom" reads the primary key in both directions; withdrawal of the blocked side uses this.
CREATE INDEX blocks_blocked_idx ON blocks (blocked_id, blocker_id);
