// House rules as lint rules (README "Architecture"): imports only go in the allowed directions.
import path from 'node:path';

const WEB_FEATURES = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}features${path.sep}`;
const SERVER_SRC = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`;
const SERVER_FEATURES = `${SERVER_SRC}features${path.sep}`;
const SERVER_LIB = `${SERVER_SRC}lib${path.sep}`;
const SERVER_DB = `${SERVER_SRC}db${path.sep}`;

/**
 * What an area shows other areas: rows (queries), rules, JSON shapes and texts, and its public reads as served
 * (reads: what its routes send, for the server's page rendering). Everything else stays inside it.
 */
const SERVER_PUBLIC = new Set(['queries', 'policy', 'presenter', 'texts', 'reads']);

const areaOf = (file, marker) => {
  const i = file.indexOf(marker);
  return i < 0 ? null : file.slice(i + marker.length).split(path.sep)[0];
};

/**
 * The request path (README "The request path"): routes never authorize (no policy, no lib/authorize: the service
 * does), and only the edges present: routes and reads for HTTP, hooks/stomp/chain-source for sockets, mails for mail,
 * jobs for what the job queue sends (mail and push).
 * Services and queries may share a presenter's row types (`import type`), never call it.
 */
const PRESENTING_EDGES = new Set(['routes', 'reads', 'presenter', 'hooks', 'stomp', 'chain-source', 'mails', 'jobs']);

const isTypeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

/** A rule over a file's imports; `check` gets the resolved target of a relative import, or the bare package name. */
function importRule(check, { packages = false } = {}) {
  return {
    meta: { type: 'problem', schema: [] },
    create(context) {
      const file = context.filename;
      const visit = (node) => {
        const spec = node.source && node.source.value;
        if (typeof spec !== 'string' || (!spec.startsWith('.') && !packages)) return;
        const target = spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : spec;
        const message = check(file, target, node);
        if (message) context.report({ node, message });
      };
      return { ImportDeclaration: visit, ImportExpression: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit };
    },
  };
}

export const boundaries = {
  rules: {
    // Server: one path, one layer each (see PRESENTING_EDGES).
    'server-layers': importRule((file, target, node) => {
      if (!areaOf(file, SERVER_FEATURES)) return null;
      const own = path.basename(file).replace(/\.ts$/, '');
      const base = path.basename(target).replace(/\.(js|ts)$/, '');
      if (own === 'routes' && (base === 'policy' || base === 'authorize') && !isTypeOnly(node)) {
        return 'routes do not authorize: call one service function, which loads and authorizes through the policy';
      }
      if (base === 'presenter' && !PRESENTING_EDGES.has(own) && !isTypeOnly(node)) {
        return `${own}.ts must not present: return rows and let the route (or the realtime edge) call the presenter`;
      }
      return null;
    }),
    // Web: a feature folder never imports another; share through src/shared or compose in src/app.
    'web-feature-isolation': importRule((file, target) => {
      const from = areaOf(file, WEB_FEATURES);
      const to = areaOf(target, WEB_FEATURES);
      return from && to && from !== to
        ? `features/${from} must not import features/${to}: move the shared part to src/shared or compose in src/app`
        : null;
    }),
    // Server: lib/ is infrastructure. It knows no feature and not the app's wiring (context.ts, app.ts).
    'server-lib-knows-no-domain': importRule((file, target) => {
      if (!file.includes(SERVER_LIB)) return null;
      if (target.includes(SERVER_FEATURES)) return 'lib/ must not import a feature: move the domain part under features/';
      const base = path.basename(target).replace(/\.(js|ts)$/, '');
      if ((path.dirname(target) + path.sep).endsWith(SERVER_SRC) && ['context', 'app'].includes(base))
        return `lib/ must not import ${base}.ts: it is app wiring, not a library`;
      return null;
    }),
    // Server: one data door per area. Statements (drizzle-orm's builders and sql, the table definitions) are written
    // only in an area's queries.ts and in db/; anything else calls them. Types may be shared.
    'server-sql-in-queries': importRule(
      (file, target, node) => {
        if (file.includes(SERVER_DB) || /(^|-)queries\.ts$/.test(path.basename(file)) || isTypeOnly(node)) return null;
        if (target === 'drizzle-orm' || target.startsWith('drizzle-orm/'))
          return "SQL is written only in an area's queries.ts (or db/): call a query function from here";
        if (target.includes(`${SERVER_DB}schema`))
          return "tables are read and written only in an area's queries.ts (or db/): call a query function from here";
        return null;
      },
      { packages: true },
    ),
    // Server: queries are the bottom layer: a queries.ts never calls a service (rules call data, not the other way).
    'server-queries-below-services': importRule((file, target, node) => {
      if (!/(^|-)queries\.ts$/.test(path.basename(file)) || isTypeOnly(node)) return null;
      const base = path.basename(target).replace(/\.(js|ts)$/, '');
      return base === 'service' ? 'a queries.ts must not import a service: move the shared piece into queries.ts' : null;
    }),
    // Server: another area is reached only through its public files (an allow-list), or by reacting to its events.
    'server-area-boundaries': importRule((file, target) => {
      const from = areaOf(file, SERVER_FEATURES);
      const to = areaOf(target, SERVER_FEATURES);
      // features/events.ts is the app's event list: every area may name its events
      if (!from || !to || from === to || from === 'index.ts' || /^events\.(js|ts)$/.test(to)) return null;
      const base = path.basename(target).replace(/\.(js|ts)$/, '');
      return SERVER_PUBLIC.has(base)
        ? null
        : `features/${from} must not import ${to}/${base}: reach ${to} through its ${[...SERVER_PUBLIC].join(', ')} (or react to its events)`;
    }),
  },
};
