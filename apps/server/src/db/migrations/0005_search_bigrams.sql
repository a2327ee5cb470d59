-- A trigram index cannot serve a 2-character keyword (no trigram inside it), yet Korean searches are often
-- two syllables ("자바", "코딩"). text_bigrams() lists the distinct lower-cased 2-character pieces of a text,
-- so `text_bigrams(col) @> ARRAY[lower(keyword)]` finds every row that contains a 2-character keyword
-- through a GIN index; the LIKE beside it keeps the exact matching rules.
CREATE FUNCTION text_bigrams(s text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT coalesce(array_agg(DISTINCT substr(lower(s), i, 2)), '{}') FROM generate_series(1, length(s) - 1) AS i
$$;

CREATE INDEX base_posts_title_bigram_idx ON base_posts USING gin (text_bigrams(title));
CREATE INDEX base_posts_description_bigram_idx ON base_posts USING gin (text_bigrams(description));
CREATE INDEX users_nickname_bigram_idx ON users USING gin (text_bigrams(nickname));
CREATE INDEX boards_title_bigram_idx ON boards USING gin (text_bigrams(title));
CREATE INDEX boards_content_bigram_idx ON boards USING gin (text_bigrams(content));
