import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Compiles the server to plain JavaScript (see docs/decisions/0017): one bundle per entry point
 * holding our own code and the workspace packages (@shop/*, TypeScript sources), while every
 * library stays an import of node_modules, as installed. Production runs these files with plain
 * `node`; development keeps running the sources through tsx. `outdir` must sit directly in
 * apps/server, as src/ does: src/paths.ts finds the package folder from there.
 */
export async function buildServer(outdir = path.join(root, 'dist')): Promise<void> {
  if (path.dirname(path.resolve(outdir)) !== root) {
    throw new Error(`The build must go to a folder directly in ${root}, not ${outdir}.`);
  }
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  await build({
    absWorkingDir: root,
    // backup-snapshot: the child process that writes a running shop's backup.
    entryPoints: [
      'src/server.ts',
      'src/worker.ts',
      'src/cli/import-items.ts',
      'src/cli/backup-snapshot.ts',
    ],
    outdir,
    entryNames: '[name]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external: Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@shop/')),
    sourcemap: true,
    // `sideEffects` in @shop/shared is for the web bundle's weight; honoured here it drops the
    // package's bare import of its zod locale, and zod answers in English. Size is no concern here.
    ignoreAnnotations: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`Built the server into ${path.join(root, 'dist')}.`);
}
