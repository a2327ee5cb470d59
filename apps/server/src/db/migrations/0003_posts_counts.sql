-- Exact per-kind totals for the unfiltered lists (docs/api.md §1.4 totals), kept by statement-level triggers,
-- so page totals do not count 50k+ rows on every list request.
CREATE TABLE post_kind_counts (
  kind text PRIMARY KEY,
  n bigint NOT NULL
);
INSERT INTO post_kind_counts (kind, n)
SELECT k, (SELECT count(*) FROM base_posts WHERE kind = k) FROM unnest(ARRAY['RECRUITMENT', 'STUDY_GROUP']) AS k;

CREATE FUNCTION post_kind_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_kind_counts c SET n = c.n + x.cnt
  FROM (SELECT kind, count(*) AS cnt FROM inserted_posts GROUP BY kind) x WHERE c.kind = x.kind;
  RETURN NULL;
END $$;
CREATE FUNCTION post_kind_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_kind_counts c SET n = c.n - x.cnt
  FROM (SELECT kind, count(*) AS cnt FROM deleted_posts GROUP BY kind) x WHERE c.kind = x.kind;
  RETURN NULL;
END $$;
CREATE TRIGGER base_posts_count_insert AFTER INSERT ON base_posts
  REFERENCING NEW TABLE AS inserted_posts FOR EACH STATEMENT EXECUTE FUNCTION post_kind_counts_add();
CREATE TRIGGER base_posts_count_delete AFTER DELETE ON base_posts
  REFERENCING OLD TABLE AS deleted_posts FOR EACH STATEMENT EXECUTE FUNCTION post_kind_counts_remove();
