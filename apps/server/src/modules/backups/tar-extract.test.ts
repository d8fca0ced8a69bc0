import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractTar } from './tar-extract';

const folder = mkdtempSync(path.join(tmpdir(), 'shop-tar-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A ustar entry: a 512-byte header and the body padded to a block. */
function entry(name: string, body: string, type = '0'): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 'utf8');
  header.write(Buffer.byteLength(body).toString(8).padStart(11, '0'), 124, 'ascii');
  header.write(type, 156, 'ascii');
  const data = Buffer.alloc(Math.ceil(Buffer.byteLength(body) / 512) * 512);
  data.write(body);
  return Buffer.concat([header, data]);
}

describe('the snapshot copy', () => {
  it('writes plain files and folders as the tar names them', async () => {
    const tar = Buffer.concat([
      entry('/base/', '', '5'),
      entry('/base/1/1259', 'x'.repeat(700)),
      entry('/PG_VERSION', '17\n'),
      Buffer.alloc(1024),
    ]);
    await extractTar(tar, path.join(folder, 'ok'));
    expect(readFileSync(path.join(folder, 'ok/PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readFileSync(path.join(folder, 'ok/base/1/1259'), 'utf8')).toHaveLength(700);
  });

  it('refuses a name that leaves its folder', async () => {
    await expect(
      extractTar(
        Buffer.concat([entry('../evil', 'x'), Buffer.alloc(1024)]),
        path.join(folder, 'no'),
      ),
    ).rejects.toThrow(/outside its folder/);
  });
});
