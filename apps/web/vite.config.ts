import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // sockjs-client expects a Node-style global
  define: { global: 'globalThis' },
  server: { proxy: { '/api': 'http://localhost:8080', '/ws': { target: 'http://localhost:8080', ws: true } } },
  build: { target: 'es2022', chunkSizeWarningLimit: 400 },
});
