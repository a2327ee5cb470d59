-- Search that understands Korean (docs/api.md §10.5). Beside each searchable text the database keeps, in GIN
-- indexes, its folded form (every Unicode White_Space character removed, lower-cased) and, for titles and
-- nicknames, its initials (초성): each Hangul syllable becomes the compatibility jamo of its initial consonant
-- ((code - 0xAC00) / 588 picks one of 19), white space is dropped, and any other character (Latin, digits,
-- punctuation, a jamo typed as such) becomes a break (one space per run), so initials match only across
-- consecutive syllables, spaces between them ignored.
--
-- The forms live in expression indexes, recomputed by the database on every write of the text. Stored generated
-- columns were measured first: adding one rewrites base_posts and rebuilds every index on it (the trigram and
-- bigram indexes included), 2.6 min for 100,000 posts here; the indexes alone take a fraction of that.
--
-- Each form has one GIN index over its distinct 2-character pieces (search_bigrams, one partial index per post
-- kind as in 0010): a keyword of 2 characters is one piece (the whole match); a longer keyword needs all of its
-- pieces (the index), then the LIKE on the folded text rechecks the candidates. One index per form instead of a
-- trigram and a bigram index: fewer writes, the same index-served candidate sets.

-- The 25 characters of Unicode White_Space removed, then lower-cased (the keyword goes through the same function).
CREATE FUNCTION search_fold(s text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT lower(translate(s, U&'\0009\000A\000B\000C\000D\0020\0085\00A0\1680\2000\2001\2002\2003\2004\2005\2006\2007\2008\2009\200A\2028\2029\202F\205F\3000', ''))
$$;

CREATE FUNCTION search_initials(s text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT coalesce(btrim(regexp_replace(string_agg(
    CASE WHEN ascii(c) BETWEEN 44032 AND 55203
      THEN substr('ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ', (ascii(c) - 44032) / 588 + 1, 1) ELSE ' ' END, '' ORDER BY i),
    ' {2,}', ' ', 'g')), '')
  FROM string_to_table(translate(s, U&'\0009\000A\000B\000C\000D\0020\0085\00A0\1680\2000\2001\2002\2003\2004\2005\2006\2007\2008\2009\200A\2028\2029\202F\205F\3000', ''), NULL) WITH ORDINALITY AS t(c, i)
$$;

-- The distinct 2-character pieces of a text: the pairs at odd positions and those at even ones, each found by one
-- regular-expression pass (twice as fast here as a window over the characters; text_bigrams' substr walks the
-- text again for every position).
CREATE FUNCTION search_bigrams(s text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT coalesce(array_agg(DISTINCT m[1]), '{}') FROM (
    SELECT regexp_matches(s, '..', 'g') AS m UNION ALL SELECT regexp_matches(substr(s, 2), '..', 'g')) x
$$;

CREATE INDEX base_posts_recruitment_title_folded_idx ON base_posts USING gin (search_bigrams(search_fold(title))) WHERE kind = 'RECRUITMENT';
CREATE INDEX base_posts_study_title_folded_idx ON base_posts USING gin (search_bigrams(search_fold(title))) WHERE kind = 'STUDY_GROUP';
CREATE INDEX base_posts_recruitment_title_initials_idx ON base_posts USING gin (search_bigrams(search_initials(title))) WHERE kind = 'RECRUITMENT';
CREATE INDEX base_posts_study_title_initials_idx ON base_posts USING gin (search_bigrams(search_initials(title))) WHERE kind = 'STUDY_GROUP';
CREATE INDEX base_posts_recruitment_description_folded_idx ON base_posts USING gin (search_bigrams(search_fold(description))) WHERE kind = 'RECRUITMENT';
CREATE INDEX base_posts_study_description_folded_idx ON base_posts USING gin (search_bigrams(search_fold(description))) WHERE kind = 'STUDY_GROUP';
CREATE INDEX users_nickname_folded_idx ON users USING gin (search_bigrams(search_fold(nickname)));
CREATE INDEX users_nickname_initials_idx ON users USING gin (search_bigrams(search_initials(nickname)));
CREATE INDEX boards_title_folded_idx ON boards USING gin (search_bigrams(search_fold(title)));
CREATE INDEX boards_title_initials_idx ON boards USING gin (search_bigrams(search_initials(title)));
CREATE INDEX boards_content_folded_idx ON boards USING gin (search_bigrams(search_fold(content)));
