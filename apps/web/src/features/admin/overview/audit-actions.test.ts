import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { auditActionLabel } from './audit-labels';

const modulesDir = fileURLToPath(new URL('../../../../../server/src/modules', import.meta.url));

/**
 * The server's shipped sources that write the journal: they import the audit module and call its
 * writers or build an `AuditRecord` (a file that only passes an actor along is left out).
 */
function auditWriters(): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  for (const entry of readdirSync(modulesDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    const writes = /\b(?:recordAudit|recordAdminAction|entityAudit)\(|: AuditRecord\b/.test(text);
    if (writes && text.includes("from '../audit/audit-log'")) {
      found.push({ file: path.relative(modulesDir, file), text });
    }
  }
  return found;
}

/**
 * The action codes a source writes: every dotted lower-case literal in it (`'user.balance'`, passed
 * as `action:`, to a helper such as `entityAudit`, or in a union of codes), except an index such as
 * `query['openid.return_to']` and a route's `permission: 'orders.view'`; and `` `moderation.${action.kind}` `` with every `kind: '…'` the
 * file declares. Broad on purpose: a stray literal fails loudly, a missed code would pass quietly.
 */
function actionCodes(text: string): string[] {
  const codes = [...text.matchAll(/(?<!\[|permission: )'([a-z]+(?:\.[a-z_-]+)+)'/g)].map(
    ([, code = '']) => code,
  );
  for (const [, prefix = ''] of text.matchAll(/`([a-z]+)\.\$\{\w+\.kind\}`/g)) {
    for (const [, kind = ''] of text.matchAll(/\bkind: '(\w+)'/g)) codes.push(`${prefix}.${kind}`);
  }
  return codes;
}

/** Writers that journal a record another scanned file builds, with that file's codes. */
const builtElsewhere = new Set([
  'servers/rcon-admin-routes.ts', // consoleAudit(), from servers/console-audit.ts
]);

describe('audit action labels', () => {
  const writers = auditWriters().map(({ file, text }) => ({ file, codes: actionCodes(text) }));
  const codes = [...new Set(writers.flatMap((writer) => writer.codes))].sort();

  it('finds the codes of every source that writes the journal', () => {
    // A writer whose codes the scan misses would let an unnamed action through unnoticed.
    const silent = writers
      .filter(({ file, codes }) => codes.length === 0 && !builtElsewhere.has(file))
      .map(({ file }) => file);
    expect(silent).toEqual([]);
    expect(codes).toEqual(
      expect.arrayContaining(['auth.sign_in', 'moderation.unban', 'items.shipped', 'sale.delete']),
    );
  });

  it('has a Russian label for every action code the server writes', () => {
    expect(codes.filter((code) => auditActionLabel(code) === code)).toEqual([]);
  });
});
