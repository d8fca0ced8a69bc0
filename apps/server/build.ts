import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Compiles the server to plain JavaScript in dist/ (see docs/decisions/0017): one bundle per entry
 * point holding our own code and the workspace packages (@shop/*, TypeScript sources), while every
 * library stays an import of node_modules, as installed. Production runs these files with plain
 * `node`; development keeps running the sources through tsx.
 */
const root = path.dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const libraries = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@shop/'));

await build({
  absWorkingDir: root,
  entryPoints: ['src/server.ts', 'src/worker.ts', 'src/cli/import-items.ts'],
  outdir: 'dist',
  // Bundles sit one level below apps/server, as the sources do: src/paths.ts relies on it.
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external: libraries,
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`Built the server into ${path.join(root, 'dist')}.`);
