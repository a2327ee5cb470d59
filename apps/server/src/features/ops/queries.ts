import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** The cheapest statement there is: it answers when the database does. */
export const selectOne = (db: Db) => db.execute(sql`SELECT 1`);
