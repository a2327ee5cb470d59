import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** What every embedded database loads (the migrations create pg_trgm); own module, so PGlite's thread imports only this. */
export const PGLITE_EXTENSIONS = { pg_trgm };
