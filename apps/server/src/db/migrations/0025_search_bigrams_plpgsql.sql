-- search_bigrams in PL/pgSQL, the same set of 2-character pieces. As an SQL function (not inlinable: it aggregates)
-- it was parsed and planned again in every statement that called it, about 65 us a call, and a search calls it on
-- its keyword once per field and name (4 to 9 times); PL/pgSQL keeps its compiled body for the session (about
-- 15 us a call). The pieces come in text order and may repeat: the GIN indexes and `@>`, its only readers, take
-- the array as a set, so the indexes built with the earlier body stay valid.
CREATE OR REPLACE FUNCTION search_bigrams(s text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$
DECLARE
  chars text[] := string_to_array(s, NULL);
  pieces text[] := '{}';
BEGIN
  FOR i IN 1 .. coalesce(array_length(chars, 1), 0) - 1 LOOP
    pieces := pieces || (chars[i] || chars[i + 1]);
  END LOOP;
  RETURN pieces;
END $$;
