-- Hidden content (docs/api.md §10.4) leaves every public list, so the exact totals kept beside the lists count only
-- what is shown: post_kind_counts and tag_counts leave hidden posts out, boards.reply_count leaves hidden replies out.
-- A hide or a restore moves them by one, in the transaction that hides or restores.

-- The hidden rows, a handful among many: the lists leave them out by id (a small hashed set), which keeps their
-- index-only scans index-only.
CREATE INDEX base_posts_hidden_idx ON base_posts (id) WHERE hidden_at IS NOT NULL;
CREATE INDEX boards_hidden_idx ON boards (id) WHERE hidden_at IS NOT NULL;

CREATE OR REPLACE FUNCTION post_kind_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_kind_counts c SET n = c.n + x.cnt
  FROM (SELECT kind, count(*) AS cnt FROM inserted_posts WHERE hidden_at IS NULL GROUP BY kind) x WHERE c.kind = x.kind;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION post_kind_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_kind_counts c SET n = c.n - x.cnt
  FROM (SELECT kind, count(*) AS cnt FROM deleted_posts WHERE hidden_at IS NULL GROUP BY kind) x WHERE c.kind = x.kind;
  RETURN NULL;
END $$;

-- Tags written or removed on a hidden post (its author's edit) change no count.
CREATE OR REPLACE FUNCTION tag_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(723002);
  INSERT INTO tag_counts AS c (key, name, n)
  SELECT key, min(name), count(*) FROM inserted_tags t
  WHERE NOT EXISTS (SELECT 1 FROM base_posts p WHERE p.id = t.post_id AND p.hidden_at IS NOT NULL)
  GROUP BY key
  ON CONFLICT (key) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION tag_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(723002);
  UPDATE tag_counts c SET n = c.n - x.cnt
  FROM (SELECT key, count(*) AS cnt FROM deleted_tags t
        WHERE NOT EXISTS (SELECT 1 FROM base_posts p WHERE p.id = t.post_id AND p.hidden_at IS NOT NULL)
        GROUP BY key) x
  WHERE c.key = x.key;
  RETURN NULL;
END $$;

-- A hidden post being deleted takes its tags first, while it is still there to say it is hidden (the foreign key's
-- cascade would remove them once the post is gone, and they would be counted off a second time).
CREATE FUNCTION base_posts_hidden_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM post_tags WHERE post_id = OLD.id;
  RETURN OLD;
END $$;
CREATE TRIGGER base_posts_hidden_delete BEFORE DELETE ON base_posts
  FOR EACH ROW WHEN (OLD.hidden_at IS NOT NULL) EXECUTE FUNCTION base_posts_hidden_delete();

-- Hide: -1 on the kind and on each of the post's stacks; restore: +1 (same lock order as a create: kinds, then tags).
CREATE FUNCTION base_posts_hidden_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d integer := CASE WHEN NEW.hidden_at IS NULL THEN 1 ELSE -1 END;
BEGIN
  UPDATE post_kind_counts SET n = n + d WHERE kind = NEW.kind;
  PERFORM pg_advisory_xact_lock(723002);
  UPDATE tag_counts c SET n = c.n + d FROM post_tags t WHERE t.post_id = NEW.id AND c.key = t.key;
  RETURN NULL;
END $$;
CREATE TRIGGER base_posts_hidden_counts AFTER UPDATE OF hidden_at ON base_posts
  FOR EACH ROW WHEN ((OLD.hidden_at IS NULL) <> (NEW.hidden_at IS NULL)) EXECUTE FUNCTION base_posts_hidden_counts();

-- A board's reply count is what its readers see: a hidden reply leaves it, a restored one comes back.
CREATE FUNCTION replies_hidden_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE boards SET reply_count = reply_count + CASE WHEN NEW.hidden_at IS NULL THEN 1 ELSE -1 END
  WHERE id = NEW.board_id;
  RETURN NULL;
END $$;
CREATE TRIGGER replies_hidden_counts AFTER UPDATE OF hidden_at ON replies
  FOR EACH ROW WHEN ((OLD.hidden_at IS NULL) <> (NEW.hidden_at IS NULL)) EXECUTE FUNCTION replies_hidden_counts();

-- What was hidden before this migration.
UPDATE post_kind_counts c SET n = c.n - x.cnt
FROM (SELECT kind, count(*) AS cnt FROM base_posts WHERE hidden_at IS NOT NULL GROUP BY kind) x WHERE c.kind = x.kind;
UPDATE tag_counts c SET n = c.n - x.cnt
FROM (SELECT t.key, count(*) AS cnt FROM post_tags t JOIN base_posts p ON p.id = t.post_id
      WHERE p.hidden_at IS NOT NULL GROUP BY t.key) x
WHERE c.key = x.key;
UPDATE boards b SET reply_count = b.reply_count - x.cnt
FROM (SELECT board_id, count(*) AS cnt FROM replies WHERE hidden_at IS NOT NULL GROUP BY board_id) x WHERE b.id = x.board_id;
