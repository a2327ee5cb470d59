/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
// by path: Vite loads a package's modules with Node, which does not run TypeScript; a relative file it bundles
import { PUBLIC_ROUTES, type PublicRoute } from '../../packages/contract/src/public-routes';

/** Writes `.br` and `.gz` beside every text asset; the server sends them to browsers that accept them. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      if (config.build.ssr) outDir = '';
    },
    closeBundle() {
      if (!outDir) return; // the server's rendering bundle is read from disk, never sent
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((f) =>
          statSync(path.join(dir, f)).isDirectory() ? walk(path.join(dir, f)) : [path.join(dir, f)],
        );
      for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg|json)$/.test(f))) {
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/** The public routes a visit's first page starts early, by path (packages/contract public-routes.ts). */
const FIRST_ROUTES = Object.values(PUBLIC_ROUTES as Record<string, PublicRoute>).flatMap((r) =>
  r.first ? [{ path: r.path, module: `src/${r.first.module}`, reads: r.first.reads }] : [],
);
const FIRST_MARK = '/* first routes */ {}';

/**
 * Writes the first routes into index.html's inline script: for each path, its chunk files (those the entry does
 * not already load) and the API reads to start (src/app/first-route.ts starts the same data in the app).
 */
function firstRoutes(): Plugin {
  return {
    name: 'first-routes',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!html.includes(FIRST_MARK)) throw new Error(`index.html lost its "${FIRST_MARK}" mark`);
        const chunks = Object.values(bundle ?? {}).filter((c) => c.type === 'chunk');
        const closure = (chunk: (typeof chunks)[number] | undefined, seen = new Set<string>()): Set<string> => {
          if (chunk && !seen.has(chunk.fileName)) {
            seen.add(chunk.fileName);
            for (const file of chunk.imports)
              closure(
                chunks.find((c) => c.fileName === file),
                seen,
              );
          }
          return seen;
        };
        const entry = closure(chunks.find((c) => c.isEntry));
        const byPath = Object.fromEntries(
          FIRST_ROUTES.map(({ path, module, reads }) => {
            const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/${module}`));
            if (!chunk) throw new Error(`no chunk for ${module}`);
            return [path, { chunks: [...closure(chunk)].filter((f) => !entry.has(f)).map((f) => `/${f}`), reads }];
          }),
        );
        return html.replace(FIRST_MARK, JSON.stringify(byPath));
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), precompress(), firstRoutes()],
  server: { proxy: { '/api': 'http://localhost:8080', '/ws': { target: 'http://localhost:8080', ws: true } } },
  // the manifest lets scripts/web-budget.mjs follow what the home page loads first
  build: isSsrBuild
    ? // the server's rendering of the public pages (src/server.tsx), one self-contained module tree for Node
      { target: 'node20', outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false, ssr: 'src/server.tsx' }
    : { target: 'es2022', chunkSizeWarningLimit: 400, manifest: true },
  ssr: { noExternal: true },
  // sockjs-client expects a Node-style global; React's production build on the server too (the SSR build keeps process.env.NODE_ENV otherwise)
  define: isSsrBuild ? { 'process.env.NODE_ENV': '"production"', global: 'globalThis' } : { global: 'globalThis' },
  // Testing Library unmounts what a test rendered (vitest runs without globals, so it cannot hook itself in);
  // user-event's real pointer/keyboard sequences take seconds on a shared 2-core CI machine, not a hang
  test: { setupFiles: ['test/setup.ts'], testTimeout: 20_000 },
}));
