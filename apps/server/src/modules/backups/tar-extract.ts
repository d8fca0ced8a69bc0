import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const BLOCK = 512;
const text = (bytes: Uint8Array, start: number, length: number) => {
  const field = bytes.subarray(start, start + length);
  const end = field.indexOf(0);
  return new TextDecoder().decode(end === -1 ? field : field.subarray(0, end));
};

/**
 * Writes the files of a tar (ustar, as the embedded database's snapshot is) under `dir`. Only plain
 * files and folders; a name that would leave `dir` is refused.
 */
export async function extractTar(tar: Uint8Array, dir: string): Promise<void> {
  const root = path.resolve(dir);
  await mkdir(root, { recursive: true, mode: 0o700 });
  for (let offset = 0; offset + BLOCK <= tar.length;) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const name = [text(header, 345, 155), text(header, 0, 100)].filter(Boolean).join('/');
    const size = parseInt(text(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const target = path.resolve(root, name.replace(/^\/+/, ''));
    if (target !== root && !target.startsWith(root + path.sep)) {
      throw new Error(`the snapshot names a file outside its folder: ${name}`);
    }
    const body = tar.subarray(offset + BLOCK, offset + BLOCK + size);
    if (type === '5') await mkdir(target, { recursive: true, mode: 0o700 });
    else if (type === '0' || type === '\0') {
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await writeFile(target, body, { mode: 0o600 });
    }
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
}
