-- The searchable text of each post, one partition per kind (issue 25). A search counts its matches exactly, and the
-- count reads every page holding a match: in base_posts a kind's rows are spread over every page among the other
-- kind's and the other columns, here they fill ~40 % as many pages (1,785 against 4,304 at 100,000 posts). The
-- text indexes move here; the row follows its post (a trigger each for insert and edit, the foreign key for delete).
CREATE TABLE post_search (
  post_id integer NOT NULL REFERENCES base_posts(id) ON DELETE CASCADE,
  kind text NOT NULL,
  creator_id integer NOT NULL,
  title text NOT NULL,
  description text NOT NULL,
  PRIMARY KEY (post_id, kind)
) PARTITION BY LIST (kind);
CREATE TABLE post_search_recruitment PARTITION OF post_search FOR VALUES IN ('RECRUITMENT');
CREATE TABLE post_search_study_group PARTITION OF post_search FOR VALUES IN ('STUDY_GROUP');
INSERT INTO post_search (post_id, kind, creator_id, title, description)
  SELECT id, kind, creator_id, title, description FROM base_posts;
CREATE INDEX post_search_recruitment_title_trgm_idx ON post_search_recruitment USING gin (title gin_trgm_ops);
CREATE INDEX post_search_recruitment_description_trgm_idx ON post_search_recruitment USING gin (description gin_trgm_ops);
CREATE INDEX post_search_recruitment_title_bigram_idx ON post_search_recruitment USING gin (text_bigrams(title));
CREATE INDEX post_search_recruitment_description_bigram_idx ON post_search_recruitment USING gin (text_bigrams(description));
CREATE INDEX post_search_recruitment_creator_idx ON post_search_recruitment (creator_id);
CREATE INDEX post_search_study_group_title_trgm_idx ON post_search_study_group USING gin (title gin_trgm_ops);
CREATE INDEX post_search_study_group_description_trgm_idx ON post_search_study_group USING gin (description gin_trgm_ops);
CREATE INDEX post_search_study_group_title_bigram_idx ON post_search_study_group USING gin (text_bigrams(title));
CREATE INDEX post_search_study_group_description_bigram_idx ON post_search_study_group USING gin (text_bigrams(description));
CREATE INDEX post_search_study_group_creator_idx ON post_search_study_group (creator_id);

DROP INDEX base_posts_recruitment_title_trgm_idx, base_posts_study_title_trgm_idx,
  base_posts_recruitment_description_trgm_idx, base_posts_study_description_trgm_idx,
  base_posts_recruitment_title_bigram_idx, base_posts_study_title_bigram_idx,
  base_posts_recruitment_description_bigram_idx, base_posts_study_description_bigram_idx;

CREATE FUNCTION post_search_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_search (post_id, kind, creator_id, title, description)
    SELECT id, kind, creator_id, title, description FROM inserted_posts;
  RETURN NULL;
END $$;
CREATE TRIGGER base_posts_search_insert AFTER INSERT ON base_posts
  REFERENCING NEW TABLE AS inserted_posts FOR EACH STATEMENT EXECUTE FUNCTION post_search_add();

-- only an edit of the text: a view count or a close does not fire it
CREATE FUNCTION post_search_edit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_search SET title = NEW.title, description = NEW.description, creator_id = NEW.creator_id
    WHERE post_id = NEW.id AND kind = NEW.kind;
  RETURN NULL;
END $$;
CREATE TRIGGER base_posts_search_edit AFTER UPDATE OF title, description, creator_id ON base_posts
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.description IS DISTINCT FROM NEW.description
                     OR OLD.creator_id IS DISTINCT FROM NEW.creator_id)
  EXECUTE FUNCTION post_search_edit();
