import { sql, type SQL } from 'drizzle-orm';
import type { PageRequest } from '../lib/paging.js';

/** A whole number written into a statement's text; anything else is a bug, never user input let through. */
function intLiteral(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return sql.raw(String(n));
}

/** Pages past these are rare: they bind their numbers and share one statement text per query. */
const LITERAL_PAGES = 10;

/**
 * A row count of the page (its size or offset), written into the statement's text for the first pages: a
 * prepared statement's generic plan priced with an unknown LIMIT (a tenth of the rows) joins with hashes and full
 * scans instead of 16 lookups, so PostgreSQL would plan such a statement on every call.
 */
export const pageCount = (req: PageRequest, n: number): SQL => (req.page < LITERAL_PAGES ? intLiteral(n) : sql`${n}`);

export const limitOffset = (req: PageRequest) => sql`LIMIT ${pageCount(req, req.size)} OFFSET ${pageCount(req, req.offset)}`;
