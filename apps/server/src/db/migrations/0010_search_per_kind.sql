-- Every post search names one kind. With one text index over both kinds, the planner ANDed the keyword's
-- bitmap with a scan of the kind's 50,000 list-index entries (27 of 80 ms for search all "파이" at 100,000
-- posts) and fetched the other kind's matches from the heap only to drop them. One partial index per kind
-- holds the same entries split in two: no extra writes, half the candidates, and no AND.
DROP INDEX base_posts_title_trgm_idx;
DROP INDEX base_posts_description_trgm_idx;
DROP INDEX base_posts_title_bigram_idx;
DROP INDEX base_posts_description_bigram_idx;
CREATE INDEX base_posts_recruitment_title_trgm_idx ON base_posts USING gin (title gin_trgm_ops) WHERE kind = 'RECRUITMENT';
CREATE INDEX base_posts_study_title_trgm_idx ON base_posts USING gin (title gin_trgm_ops) WHERE kind = 'STUDY_GROUP';
CREATE INDEX base_posts_recruitment_description_trgm_idx ON base_posts USING gin (description gin_trgm_ops) WHERE kind = 'RECRUITMENT';
CREATE INDEX base_posts_study_description_trgm_idx ON base_posts USING gin (description gin_trgm_ops) WHERE kind = 'STUDY_GROUP';
CREATE INDEX base_posts_recruitment_title_bigram_idx ON base_posts USING gin (text_bigrams(title)) WHERE kind = 'RECRUITMENT';
CREATE INDEX base_posts_study_title_bigram_idx ON base_posts USING gin (text_bigrams(title)) WHERE kind = 'STUDY_GROUP';
CREATE INDEX base_posts_recruitment_description_bigram_idx ON base_posts USING gin (text_bigrams(description)) WHERE kind = 'RECRUITMENT';
CREATE INDEX base_posts_study_description_bigram_idx ON base_posts USING gin (text_bigrams(description)) WHERE kind = 'STUDY_GROUP';
