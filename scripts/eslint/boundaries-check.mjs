// The boundary rules, each shown failing on a deliberate violation and passing on the allowed shape: run in the
// lint step, so a rule that stops catching what it names fails the run.
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '../..');
const server = (file) => path.join(root, 'apps/server/src', file);

const cases = [
  [
    'lib/x.ts',
    "import { GROUP_TEXTS } from '../features/groups/texts.js';\nexport const x = GROUP_TEXTS;\n",
    'boundaries/server-lib-knows-no-domain',
  ],
  [
    'lib/x.ts',
    "import type { AppContext } from '../context.js';\nexport type X = AppContext;\n",
    'boundaries/server-lib-knows-no-domain',
  ],
  [
    'features/groups/x.ts',
    "import { sql } from 'drizzle-orm';\nexport const x = sql`SELECT 1`;\n",
    'boundaries/server-sql-in-queries',
  ],
  [
    'features/groups/x.ts',
    "import { groups } from '../../db/schema/index.js';\nexport const x = groups;\n",
    'boundaries/server-sql-in-queries',
  ],
  [
    'features/groups/queries.ts',
    "import { updateGroup } from './service.js';\nexport const x = updateGroup;\n",
    'boundaries/server-queries-below-services',
  ],
  [
    'features/groups/x.ts',
    "import { loadPost } from '../posts/service.js';\nexport const x = loadPost;\n",
    'boundaries/server-area-boundaries',
  ],
  [
    'features/groups/routes.ts',
    "import { isGroupAdmin } from './policy.js';\nexport const x = isGroupAdmin;\n",
    'boundaries/server-layers',
  ],
  // allowed: SQL in a queries.ts, types from the schema anywhere, lib/ on lib/
  ['features/groups/queries.ts', "import { sql } from 'drizzle-orm';\nexport const x = sql`SELECT 1`;\n", null],
  ['features/groups/x.ts', "import type { GroupRow } from '../../db/schema/index.js';\nexport type X = GroupRow;\n", null],
  ['lib/x.ts', "import { NotFound } from './errors.js';\nexport const x = NotFound;\n", null],
];

const eslint = new ESLint({ cwd: root });
let failed = 0;
for (const [file, code, rule] of cases) {
  const [result] = await eslint.lintText(code, { filePath: server(file) });
  const rules = result.messages.map((m) => m.ruleId).filter((id) => id?.startsWith('boundaries/'));
  const ok = rule ? rules.includes(rule) : rules.length === 0;
  if (!ok) {
    failed++;
    console.error(`boundaries: ${file} expected ${rule ?? 'no boundary error'}, got ${rules.join(', ') || 'none'}`);
  }
}
console.log(`boundaries: ${cases.length - failed} of ${cases.length} cases as expected`);
process.exit(failed ? 1 : 0);
