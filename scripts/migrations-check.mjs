// Migrations two versions can live with (README "Changing the database"): during a deploy the old version still
// runs against the database the new version migrated, so a migration only adds (expand); a drop, a rename or a type
// change (contract) comes in a later release, once no running version reads what it removes, and is marked so by a
// comment line directly above the statement: `-- contract: <the earlier release/migration that expanded it>`.
// This check refuses an unmarked one, naming the file and line. It first runs its own small cases (so a rule that
// stops catching what it names fails the run), then every file under apps/server/src/db/migrations. Part of npm test
// (step lint).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// another directory may be given (node scripts/migrations-check.mjs <dir>), e.g. to try a migration before adding it
const MIGRATIONS_DIR = path.resolve(process.argv[2] ?? path.join(root, 'apps/server/src/db/migrations'));

/**
 * Files allowed to do what the rule refuses, each with its reason (file name -> reason). Empty: no migration so
 * far drops, renames or retypes anything.
 */
const ALLOWED_FILES = new Map([]);

/** The text with comments and quoted strings blanked out (newlines kept, so offsets still give line numbers). */
function blank(script) {
  let out = '';
  let i = 0;
  const n = script.length;
  const spaces = (s) => s.replace(/[^\n]/g, ' ');
  while (i < n) {
    const c = script[i];
    if (c === '-' && script[i + 1] === '-') {
      const end = script.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      out += spaces(script.slice(i, stop));
      i = stop;
    } else if (c === '/' && script[i + 1] === '*') {
      const end = script.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      out += spaces(script.slice(i, stop));
      i = stop;
    } else if (c === "'" || c === '"') {
      // '' inside a string (and "" inside an identifier) is the quote itself
      let j = i + 1;
      while (j < n && !(script[j] === c && script[j + 1] !== c)) j += script[j] === c ? 2 : 1;
      const stop = Math.min(j + 1, n);
      // a quoted identifier stays as it is (a name), a string goes
      out += c === '"' ? script.slice(i, stop) : spaces(script.slice(i, stop));
      i = stop;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

const NAME = String.raw`(?:"[^"]*"|[\w$]+)(?:\s*\.\s*(?:"[^"]*"|[\w$]+))?`;

/** The statements of a script: [start offset, text] with comments and strings blanked, split on ; outside $$. */
function statements(blanked) {
  const out = [];
  let start = 0;
  let dollar = null;
  const dollarTag = /\$[A-Za-z_]*\$/y;
  for (let i = 0; i < blanked.length; i++) {
    dollarTag.lastIndex = i;
    const tag = blanked[i] === '$' ? dollarTag.exec(blanked)?.[0] : undefined;
    if (tag && (dollar === null || dollar === tag)) {
      dollar = dollar === null ? tag : null;
      i += tag.length - 1;
    } else if (blanked[i] === ';' && dollar === null) {
      out.push([start, blanked.slice(start, i)]);
      start = i + 1;
    }
  }
  if (blanked.slice(start).trim()) out.push([start, blanked.slice(start)]);
  return out.map(([s, text]) => {
    const lead = text.length - text.trimStart().length;
    return [s + lead, text.trim()];
  });
}

/** Splits an ALTER TABLE's actions on the commas outside parentheses: [offset in actions, action]. */
function actions(text) {
  const out = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if ((c === ',' && depth === 0) || i === text.length) {
      const part = text.slice(start, i);
      out.push([start + (part.length - part.trimStart().length), part.trim()]);
      start = i + 1;
    }
  }
  return out;
}

const plain = (name) =>
  name
    .replace(/\s+/g, '')
    .replace(/"/g, '')
    .toLowerCase()
    .replace(/^public\./, '');

/**
 * What one migration does that an older version running beside it cannot live with: [{ line, what }] for each
 * unmarked drop of a column or existing table, rename of a column or table, or change of a column's type. A table
 * created earlier in the same file is the migration's own: nothing that runs reads it yet.
 */
export function refusals(script) {
  const blanked = blank(script);
  const lines = script.split('\n');
  const lineOf = (offset) => blanked.slice(0, offset).split('\n').length;
  const created = new Set();
  const found = [];
  for (const [start, text] of statements(blanked)) {
    const line = lineOf(start);
    const marked = () => {
      // the comment lines right above the statement; one of them names what the earlier step was
      for (let l = line - 2; l >= 0 && /^\s*--/.test(lines[l]); l--) if (/^\s*--\s*contract:\s*\S/i.test(lines[l])) return true;
      return false;
    };
    const refuse = (offset, what) => {
      if (!marked()) found.push({ line: lineOf(start + offset), what });
    };
    const create = text.match(
      new RegExp(String.raw`^create\s+(?:(?:temp|temporary|unlogged)\s+)?table\s+(?:if\s+not\s+exists\s+)?(${NAME})`, 'i'),
    );
    if (create) created.add(plain(create[1]));

    const drop = text.match(/^drop\s+table\s+(?:if\s+exists\s+)?([\s\S]*)$/i);
    if (drop) {
      const names = drop[1]
        .replace(/\b(cascade|restrict)\s*$/i, '')
        .split(',')
        .map(plain)
        .filter(Boolean);
      const existing = names.filter((name) => !created.has(name));
      if (existing.length) refuse(0, `drops table ${existing.join(', ')}`);
      continue;
    }

    const alter = text.match(new RegExp(String.raw`^alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?(${NAME})\s*\*?\s+`, 'i'));
    if (!alter) continue;
    const table = plain(alter[1]);
    if (created.has(table)) continue;
    const offset = alter[0].length;
    for (const [at, action] of actions(text.slice(offset))) {
      const where = offset + at;
      let m;
      if ((m = action.match(new RegExp(String.raw`^rename\s+to\s+(${NAME})`, 'i'))))
        refuse(where, `renames table ${table} to ${plain(m[1])}`);
      else if (
        (m = action.match(new RegExp(String.raw`^rename\s+(?:column\s+)?(${NAME})\s+to\b`, 'i'))) &&
        !/^rename\s+constraint\b/i.test(action)
      )
        refuse(where, `renames column ${table}.${plain(m[1])}`);
      else if (
        (m = action.match(new RegExp(String.raw`^drop\s+(?:column\s+)?(?:if\s+exists\s+)?(${NAME})`, 'i'))) &&
        !/^drop\s+constraint\b/i.test(action)
      )
        refuse(where, `drops column ${table}.${plain(m[1])}`);
      else if ((m = action.match(new RegExp(String.raw`^alter\s+(?:column\s+)?(${NAME})\s+(?:set\s+data\s+)?type\b`, 'i'))))
        refuse(where, `changes the type of column ${table}.${plain(m[1])}`);
    }
  }
  return found;
}

// Deliberate cases: [script, the lines refused]
const cases = [
  ['ALTER TABLE posts DROP COLUMN title;', [1]],
  ['ALTER TABLE posts DROP title;', [1]],
  ['ALTER TABLE IF EXISTS ONLY public.posts\n  ADD COLUMN x int,\n  DROP COLUMN IF EXISTS "Title";', [3]],
  ['DROP TABLE posts;', [1]],
  ['DROP TABLE IF EXISTS a, b CASCADE;', [1]],
  ['ALTER TABLE posts RENAME COLUMN title TO name;', [1]],
  ['ALTER TABLE posts RENAME title TO name;', [1]],
  ['ALTER TABLE posts RENAME TO articles;', [1]],
  ['ALTER TABLE posts ALTER COLUMN views TYPE bigint;', [1]],
  ['alter table posts alter views set data type bigint using views::bigint;', [1]],
  ['-- contract: a comment only\nSELECT 1;\n\nALTER TABLE posts\n  ALTER COLUMN views TYPE bigint;', [5]],
  // marked as the second step, with the reason on the lines around it
  [
    '-- views were copied into views_big by 0020 (release 1.4)\n-- contract: 0020_views_big\nALTER TABLE posts DROP COLUMN views;',
    [],
  ],
  ['-- contract: 0020 expanded it\nDROP TABLE old_posts;', []],
  // allowed: adding, indexes, constraints, defaults, nullability, a table of this migration's own
  ['ALTER TABLE posts ADD COLUMN views bigint, ADD CONSTRAINT c CHECK (views >= 0);', []],
  ['DROP INDEX posts_title_idx;\nALTER INDEX a RENAME TO b;\nALTER TABLE posts DROP CONSTRAINT c, RENAME CONSTRAINT d TO e;', []],
  ['ALTER TABLE posts ALTER COLUMN views DROP DEFAULT, ALTER COLUMN views SET NOT NULL, ALTER views DROP NOT NULL;', []],
  ['CREATE TEMP TABLE t (a int);\nALTER TABLE t ALTER a TYPE bigint;\nDROP TABLE t;', []],
  ["COMMENT ON TABLE posts IS 'we never DROP TABLE posts; or RENAME TO';\n-- DROP TABLE posts;", []],
  ['CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql;\nALTER TABLE p DROP COLUMN q;', [2]],
];

let failed = 0;
for (const [script, lines] of cases) {
  const got = refusals(script).map((r) => r.line);
  if (JSON.stringify(got) !== JSON.stringify(lines)) {
    failed++;
    console.error(`migrations: self-check expected lines [${lines}], got [${got}] for:\n${script}\n`);
  }
}

const files = readdirSync(MIGRATIONS_DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort();
for (const file of files) {
  if (ALLOWED_FILES.has(file)) continue;
  for (const { line, what } of refusals(readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'))) {
    failed++;
    console.error(
      `${path.relative(root, path.join(MIGRATIONS_DIR, file))}:${line}: ${what} in one step. An instance of the ` +
        `previous version still reads it during a deploy: expand now (add the new column or table, write both), ` +
        `contract in a later release, marked by a line "-- contract: <the migration that expanded it>" directly ` +
        `above the statement (README, "Changing the database").`,
    );
  }
}
console.log(`migrations: ${cases.length} self-check cases, ${files.length} files; ${failed ? `${failed} refused` : 'all pass'}`);
process.exit(failed ? 1 : 0);
