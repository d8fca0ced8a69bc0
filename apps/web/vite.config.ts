import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { preloadAppStart } from './build/preload-app-start.ts';
import { prerenderPages } from './build/prerender-pages.ts';

// The API and the realtime channel live on the shop's Node process; in `vite dev` we forward to it
// so the browser sees one origin, exactly as in production where the server serves this build.
const backend = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadAppStart(), prerenderPages(), precompress()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      'use-sync-external-store/shim/index.js': fileURLToPath(
        new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url),
      ),
    },
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
    rolldownOptions: {
      output: {
        // Each response costs its headers (~0.6 KB with the security headers), so pages load a few
        // files, not dozens of tiny ones. The first group takes what the entry evaluates (React),
        // the second the app's own code for the first paint; the others gather what only later
        // pages and dialogs use. None of them reaches into the first load: what it already holds
        // is taken by `first-paint` and `app` first.
        codeSplitting: {
          groups: [
            { name: 'first-paint', tags: ['$initial'], priority: 100 },
            // src/main.tsx imports it once React is up (a group takes what it captures with all
            // that imports).
            { name: 'app', test: /src[\\/]app[\\/]start\.tsx$/, priority: 90 },
            {
              // Small building blocks several pages share (a few hundred bytes each): one file
              // instead of one response, with its headers, per piece. None imports a library.
              name: 'ui',
              test: /src[\\/](components[\\/]ui[\\/](badge|empty-state|fact|input|native-select|page-header|query-view|textarea)\.tsx|shared[\\/]src[\\/]plural\.ts|lib[\\/]parse-amount\.ts)$/,
              priority: 10,
            },
            {
              name: 'forms',
              test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
