import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './paths';

/**
 * docs/security.md answers each ASVS requirement with the tests that show it: every test it names
 * must exist, so that a renamed or deleted test cannot leave the assessment pointing at nothing.
 * Names are relative to apps/server/src, or to the repository when they start with apps/ or e2e/.
 */
const repo = path.resolve(SERVER_ROOT, '../..');
const doc = readFileSync(path.join(repo, 'docs/security.md'), 'utf8');

describe('the security assessment', () => {
  it('names only tests that exist', () => {
    const named = [
      ...new Set([...doc.matchAll(/`([\w./-]+\.test\.tsx?)`/g)].map(([, file]) => file!)),
    ];
    expect(named.length).toBeGreaterThan(40);
    const missing = named.filter((file) => {
      const fromRepo = file.startsWith('apps/') || file.startsWith('e2e/');
      return !existsSync(fromRepo ? path.join(repo, file) : path.join(SERVER_ROOT, 'src', file));
    });
    expect(missing).toEqual([]);
  });
});
