import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

// The API and the realtime channel live on the shop's Node process; in `vite dev` we forward to it
// so the browser sees one origin, exactly as in production where the server serves this build.
const backend = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by the budget test (build/budget.test.ts): which files each page needs.
    manifest: true,
    // No vendor groups: a group is loaded whole by the first page that needs any part of it, which
    // pulled the admin's and the dialogs' libraries into every first load. Rolldown splits by use.
  },
});
