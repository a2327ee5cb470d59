-- A kept keyword's totals, per search type, kept beside its list (migration 0023): its searches read their exact
-- total here instead of counting thousands of hits one by one (1 to 3 ms for 8,000 at 100,000 posts, on every
-- search). NULL: not known (an entry made by a build before this one), so the search counts its list.
ALTER TABLE search_keywords
  ADD COLUMN n_all integer,
  ADD COLUMN n_title integer,
  ADD COLUMN n_content integer,
  ADD COLUMN n_creator integer;

UPDATE search_keywords e SET
  n_all = t.n_all, n_title = t.n_title, n_content = t.n_content, n_creator = t.n_creator
FROM (
  SELECT e2.id,
    count(h.post_id)::int AS n_all,
    (count(h.post_id) FILTER (WHERE (h.fields & 1) <> 0))::int AS n_title,
    (count(h.post_id) FILTER (WHERE (h.fields & 2) <> 0))::int AS n_content,
    (count(h.post_id) FILTER (WHERE (h.fields & 4) <> 0))::int AS n_creator
  FROM search_keywords e2 LEFT JOIN search_hits h ON h.keyword_id = e2.id GROUP BY e2.id
) t WHERE t.id = e.id;

-- Moves a write could not add to its entry's totals at once, because another write held that entry: a write never
-- waits for another here. The next write that holds the entry folds them in; a search adds them to the totals.
CREATE TABLE search_totals_pending (
  keyword_id integer NOT NULL,
  n_all integer NOT NULL,
  n_title integer NOT NULL,
  n_content integer NOT NULL,
  n_creator integer NOT NULL
);
CREATE INDEX search_totals_pending_keyword_idx ON search_totals_pending (keyword_id);

-- The hits post $1 (if shown) has under every entry of its kind it matches.
CREATE FUNCTION search_hits_of(integer) RETURNS SETOF search_hits LANGUAGE sql STABLE AS $$
  SELECT h.id, p.id, p.created_at, h.fields FROM base_posts p
  CROSS JOIN LATERAL (
    SELECT search_fold(p.title) AS tf, search_initials(p.title) AS ti, search_fold(p.description) AS df,
           u.nickname AS n, search_fold(u.nickname) AS nf, search_initials(u.nickname) AS ni
    FROM (SELECT 1) one LEFT JOIN users u ON u.id = p.creator_id OFFSET 0) f
  CROSS JOIN LATERAL (
    SELECT e.id, (search_keyword_field(p.title, f.tf, f.ti, e)::int
                  + 2 * search_keyword_field(p.description, f.df, NULL, e)::int
                  + 4 * search_keyword_field(f.n, f.nf, f.ni, e)::int)::smallint AS fields
    FROM search_keywords e WHERE e.kind = p.kind) h
  WHERE p.id = $1 AND p.hidden_at IS NULL AND h.fields <> 0
$$;

-- What a post's rewritten hits move each entry's totals by: its hits before (`gone`) count -1, after (`added`) +1.
-- The entries no other write holds are locked (SKIP LOCKED: never waiting, so never a deadlock) and take the moves
-- and their pending ones; the moves of the others wait in search_totals_pending.
CREATE FUNCTION search_totals_move(gone search_hits[], added search_hits[]) RETURNS void LANGUAGE sql AS $$
  WITH moves AS MATERIALIZED (
    SELECT keyword_id,
      sum(s)::int AS n_all,
      coalesce(sum(s) FILTER (WHERE (fields & 1) <> 0), 0)::int AS n_title,
      coalesce(sum(s) FILTER (WHERE (fields & 2) <> 0), 0)::int AS n_content,
      coalesce(sum(s) FILTER (WHERE (fields & 4) <> 0), 0)::int AS n_creator
    FROM (SELECT keyword_id, fields, -1 AS s FROM unnest(gone)
          UNION ALL SELECT keyword_id, fields, 1 FROM unnest(added)) x
    GROUP BY keyword_id),
  changed AS MATERIALIZED (
    SELECT * FROM moves WHERE (n_all, n_title, n_content, n_creator) <> (0, 0, 0, 0)),
  free AS MATERIALIZED (
    SELECT e.id FROM search_keywords e WHERE e.id IN (SELECT keyword_id FROM changed) ORDER BY e.id
    FOR UPDATE SKIP LOCKED),
  -- (data-modifying parts run whole, whether or not read)
  folded AS (
    DELETE FROM search_totals_pending p WHERE p.keyword_id IN (SELECT id FROM free) RETURNING p.*),
  applied AS (
    UPDATE search_keywords e SET
      n_all = e.n_all + t.n_all, n_title = e.n_title + t.n_title,
      n_content = e.n_content + t.n_content, n_creator = e.n_creator + t.n_creator
    FROM (SELECT keyword_id, sum(n_all) AS n_all, sum(n_title) AS n_title, sum(n_content) AS n_content,
                 sum(n_creator) AS n_creator
          FROM (SELECT * FROM changed WHERE keyword_id IN (SELECT id FROM free) UNION ALL SELECT * FROM folded) y
          GROUP BY keyword_id) t
    WHERE e.id = t.keyword_id)
  INSERT INTO search_totals_pending (keyword_id, n_all, n_title, n_content, n_creator)
  SELECT keyword_id, n_all, n_title, n_content, n_creator FROM changed
  WHERE keyword_id NOT IN (SELECT id FROM free)
$$;

-- Post $1's hits removed (when not NULL) and post $2's written (when not NULL), with the totals they move.
CREATE FUNCTION search_hits_rewrite(integer, integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  gone search_hits[];
  added search_hits[];
BEGIN
  IF $1 IS NOT NULL THEN
    WITH d AS (DELETE FROM search_hits WHERE post_id = $1 RETURNING *) SELECT array_agg(ROW(d.*)::search_hits) INTO gone FROM d;
  END IF;
  IF $2 IS NOT NULL THEN
    WITH a AS (INSERT INTO search_hits SELECT * FROM search_hits_of($2) RETURNING *) SELECT array_agg(ROW(a.*)::search_hits) INTO added FROM a;
  END IF;
  PERFORM search_totals_move(coalesce(gone, '{}'), coalesce(added, '{}'));
END $$;

CREATE OR REPLACE FUNCTION base_posts_search_hits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7008, 0);
  IF NOT EXISTS (SELECT 1 FROM search_keywords) THEN RETURN NULL; END IF;
  PERFORM search_hits_rewrite(CASE WHEN TG_OP <> 'INSERT' THEN OLD.id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.id END);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION users_search_hits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7008, 0);
  IF NOT EXISTS (SELECT 1 FROM search_keywords) THEN RETURN NULL; END IF;
  PERFORM search_hits_rewrite(id, id) FROM base_posts WHERE creator_id = NEW.id;
  RETURN NULL;
END $$;

DROP FUNCTION search_hits_add(integer);
