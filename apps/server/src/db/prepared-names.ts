import { createHash } from 'node:crypto';

/**
 * Names for server-side prepared statements on a PostgreSQL server. A named statement is parsed and planned once
 * per connection and then reused; for the short statements of lists, details and writes, planning cost several times
 * the execution (list page 0 at 100,000 posts: 0.5-1 ms planning for 0.15-0.4 ms execution).
 *
 * Left unnamed: searches (a pattern's best plan depends on its length and how common it is, and they run for tens of
 * milliseconds, so planning is a small share), transaction control, and any statement once its connection already
 * holds {@link MAX_PER_CONNECTION} (texts that vary, such as `IN ($1, $2, ...)` lists, must not grow a backend's memory
 * without bound).
 */
const PLANNED_PER_CALL = /\b(i?like|text_bigrams)\b/i;
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release|set|reset)\b/i;
export const MAX_PER_CONNECTION = 500;

const names = new Map<string, string | null>();
const MAX_REMEMBERED = 5000;

/** The name to prepare `text` under, or null to send it unnamed. */
export function preparedName(text: string): string | null {
  let name = names.get(text);
  if (name === undefined) {
    name =
      PLANNED_PER_CALL.test(text) || TRANSACTION_CONTROL.test(text)
        ? null
        : `s${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    if (names.size >= MAX_REMEMBERED) names.clear();
    names.set(text, name);
  }
  return name;
}
