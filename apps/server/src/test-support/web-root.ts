import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * A built web app in a temporary folder, as `vite build` leaves it, for the shop to serve:
 * `files` maps paths to contents; `precompressed` writes each one's .br and .gz beside it too.
 */
export function fakeWebBuild(
  files: Record<string, string>,
  options: { precompressed?: boolean } = {},
): string {
  const root = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(root, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
    if (options.precompressed) {
      writeFileSync(`${file}.br`, brotliCompressSync(content));
      writeFileSync(`${file}.gz`, gzipSync(content));
    }
  }
  return root;
}
