-- Frequent keywords' matches, kept by the database. Finding a dense keyword's matches means testing thousands of
-- rows one by one, for the exact total (docs/api.md §3.3) and for the page; a keyword whose search found many gets
-- an entry here (features/posts/search-counts.ts), its matches listed once, and from then on every post write (and
-- nickname change) updates its own rows of the list in the writer's transaction. The unfiltered search of that
-- keyword, newest first, then counts and pages its list through one index.
--
-- An entry carries the keyword's match as LIKE patterns (db/text-search.ts keptPatterns: the same words and
-- initials the search's own row test uses), so the database can test one written post against every entry.
--
-- A write only touches the rows of its own post, so writers never wait on each other here. An entry's list is made
-- while no write can run beside it: that takes advisory lock (7008, 0) alone, every writer takes it shared first,
-- so no write is listed both ways or neither.
CREATE TABLE search_keywords (
  id serial PRIMARY KEY,
  kind text NOT NULL,
  keyword text NOT NULL,
  -- the keyword and the other names as written, against the text as stored (LIKE, or ILIKE when a word has case)
  typed text[] NOT NULL,
  typed_caseless boolean NOT NULL,
  -- the white-space-free, lower-cased words, against search_fold() of the text
  folded text[] NOT NULL,
  -- a 초성 keyword's pattern against search_initials() of titles and nicknames, and its length in syllables
  initials text,
  syllables integer NOT NULL,
  -- when its list was made and how long that held writes back (the next list waits 4 times as long)
  listed_at timestamptz NOT NULL DEFAULT now(),
  listing_ms integer NOT NULL DEFAULT 0,
  UNIQUE (kind, keyword)
);

-- A shown post matching an entry; `fields`: 1 its title, 2 its description, 4 its creator's nickname. No foreign
-- keys: the triggers below remove a post's rows, the entry's eviction its own, and a key's row lock on every
-- listed post would write to thousands of posts when an entry is made.
CREATE TABLE search_hits (
  keyword_id integer NOT NULL,
  post_id integer NOT NULL,
  created_at timestamptz NOT NULL,
  fields smallint NOT NULL
);
-- each list in the lists' order (newest first), whole (searchType=all) and by field, for index-only counts and pages:
-- a keyword found in thousands of titles is often in no nickname, and that search reads nothing
CREATE UNIQUE INDEX search_hits_keyword_idx ON search_hits (keyword_id, created_at, post_id);
CREATE INDEX search_hits_title_idx ON search_hits (keyword_id, created_at, post_id) WHERE (fields & 1) <> 0;
CREATE INDEX search_hits_content_idx ON search_hits (keyword_id, created_at, post_id) WHERE (fields & 2) <> 0;
CREATE INDEX search_hits_creator_idx ON search_hits (keyword_id, created_at, post_id) WHERE (fields & 4) <> 0;
CREATE INDEX search_hits_post_idx ON search_hits (post_id);

-- One field against one entry: the text as stored, its folded form, and (titles and nicknames) its initials.
CREATE FUNCTION search_keyword_field(raw text, folded text, initials text, e search_keywords) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(
    CASE WHEN e.typed_caseless THEN raw LIKE ANY (e.typed) ELSE raw ILIKE ANY (e.typed) END
    OR folded LIKE ANY (e.folded)
    OR (initials IS NOT NULL AND e.initials IS NOT NULL AND char_length(raw) >= e.syllables AND initials LIKE e.initials),
    false)
$$;

-- Lists post $1 (if shown) under every entry of its kind it matches.
CREATE FUNCTION search_hits_add(integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_hits (keyword_id, post_id, created_at, fields)
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

-- A post's rows follow it: written when it is created or shown again, rewritten when its texts, kind or creator
-- change, gone when it is hidden or deleted.
CREATE FUNCTION base_posts_search_hits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7008, 0);
  IF NOT EXISTS (SELECT 1 FROM search_keywords) THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN DELETE FROM search_hits WHERE post_id = OLD.id; END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM search_hits_add(NEW.id); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER base_posts_search_hits_insert AFTER INSERT ON base_posts
  FOR EACH ROW WHEN (NEW.hidden_at IS NULL) EXECUTE FUNCTION base_posts_search_hits();
CREATE TRIGGER base_posts_search_hits_delete AFTER DELETE ON base_posts
  FOR EACH ROW WHEN (OLD.hidden_at IS NULL) EXECUTE FUNCTION base_posts_search_hits();
CREATE TRIGGER base_posts_search_hits_update AFTER UPDATE OF kind, title, description, creator_id, hidden_at ON base_posts
  FOR EACH ROW WHEN (
    OLD.kind IS DISTINCT FROM NEW.kind OR OLD.title IS DISTINCT FROM NEW.title
    OR OLD.description IS DISTINCT FROM NEW.description OR OLD.creator_id IS DISTINCT FROM NEW.creator_id
    OR (OLD.hidden_at IS NULL) <> (NEW.hidden_at IS NULL))
  EXECUTE FUNCTION base_posts_search_hits();

-- A nickname that changes moves the creator matches of every post of theirs: their rows are written again.
CREATE FUNCTION users_search_hits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7008, 0);
  IF NOT EXISTS (SELECT 1 FROM search_keywords) THEN RETURN NULL; END IF;
  DELETE FROM search_hits WHERE post_id IN (SELECT id FROM base_posts WHERE creator_id = NEW.id);
  PERFORM search_hits_add(id) FROM base_posts WHERE creator_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER users_search_hits AFTER UPDATE OF nickname ON users
  FOR EACH ROW WHEN (OLD.nickname IS DISTINCT FROM NEW.nickname) EXECUTE FUNCTION users_search_hits();
