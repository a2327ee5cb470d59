import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  // sockjs-client expects a Node-style global
  define: { global: 'globalThis' },
  server: { proxy: { '/api': 'http://localhost:8080', '/ws': { target: 'http://localhost:8080', ws: true } } },
  build: { target: 'es2022', chunkSizeWarningLimit: 400 },
});

// --- precompress: .br and .gz next to each text file of the build, sent by the server's preCompressed static
// files (no compression work per request). Kept apart from the rest of this config on purpose.
function precompress(): Plugin {
  const TEXT = /\.(js|mjs|css|html|svg|json|txt)$/;
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => TEXT.test(name));
      await Promise.all(
        files.map(async (name) => {
          const item = bundle[name]!;
          const source = Buffer.from(item.type === 'chunk' ? item.code : item.source);
          if (source.length < 1024) return;
          const file = path.join(dir, name);
          await writeFile(`${file}.br`, await br(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
          await writeFile(`${file}.gz`, await gz(source, { level: 9 }));
        }),
      );
    },
  };
}
