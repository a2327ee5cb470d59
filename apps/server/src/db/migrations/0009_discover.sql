-- Issue 18: filtered lists (open only, most viewed, any of several tech stacks) and bookmarks (관심 공고).

-- Open posts newest first and most viewed, for "모집 중만 보기": the partial indexes hold the posts the
-- midnight job has not closed; due_date rides along so the effective-inactivity test needs no heap visit.
CREATE INDEX base_posts_open_list_idx ON base_posts (kind, created_at DESC, id DESC) INCLUDE (due_date) WHERE NOT inactive;
CREATE INDEX base_posts_views_idx ON base_posts (kind, views DESC, created_at DESC, id DESC);
CREATE INDEX base_posts_open_views_idx ON base_posts (kind, views DESC, created_at DESC, id DESC) INCLUDE (due_date) WHERE NOT inactive;

-- Tech-stack filter: tags compare case-insensitively (a post keeps one spelling per stack, docs/api.md §1.6). A stored
-- lower-cased column rather than an expression index, so counting the posts of some stacks is an index-only scan.
ALTER TABLE post_tags ADD COLUMN key text GENERATED ALWAYS AS (lower(name)) STORED;
CREATE INDEX post_tags_key_idx ON post_tags (key, post_id);

-- The chips: how many recruitments use each stack, kept by statement-level triggers (as post_kind_counts),
-- so the chip list is one indexed read instead of a GROUP BY over every tag. `name` is the first spelling seen.
-- The triggers take one transaction-scoped advisory lock first: a post edit removes old tags and adds new ones
-- in two statements, and two edits touching the same stacks in opposite order would otherwise deadlock.
CREATE TABLE tag_counts (
  key text PRIMARY KEY,
  name text NOT NULL,
  n integer NOT NULL
);
CREATE INDEX tag_counts_popular_idx ON tag_counts (n DESC, key) WHERE n > 0;
INSERT INTO tag_counts (key, name, n)
SELECT key, min(name), count(*) FROM post_tags GROUP BY key;

CREATE FUNCTION tag_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(723002);
  INSERT INTO tag_counts AS c (key, name, n)
  SELECT key, min(name), count(*) FROM inserted_tags GROUP BY key
  ON CONFLICT (key) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
CREATE FUNCTION tag_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(723002);
  UPDATE tag_counts c SET n = c.n - x.cnt
  FROM (SELECT key, count(*) AS cnt FROM deleted_tags GROUP BY key) x WHERE c.key = x.key;
  RETURN NULL;
END $$;
CREATE TRIGGER post_tags_count_insert AFTER INSERT ON post_tags
  REFERENCING NEW TABLE AS inserted_tags FOR EACH STATEMENT EXECUTE FUNCTION tag_counts_add();
CREATE TRIGGER post_tags_count_delete AFTER DELETE ON post_tags
  REFERENCING OLD TABLE AS deleted_tags FOR EACH STATEMENT EXECUTE FUNCTION tag_counts_remove();

-- A user's bookmarks: one row per (user, post), so a double click or a retried PUT adds nothing; the post's
-- deletion takes its bookmarks with it (a closed post keeps them); withdrawal removes the user's (its hook).
CREATE TABLE bookmarks (
  user_id integer NOT NULL REFERENCES users(id),
  post_id integer NOT NULL REFERENCES base_posts(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, post_id)
);
CREATE INDEX bookmarks_user_recent_idx ON bookmarks (user_id, created_at DESC, post_id DESC);
CREATE INDEX bookmarks_post_idx ON bookmarks (post_id);
