/**
 * Where the heap grew between two V8 heap snapshots (`BENCH_HEAP_SNAPSHOT_DIR` of bench:memory):
 * self sizes summed per constructor, the largest growth first, in bytes per `--per` item (sockets).
 *
 *   npx tsx bench/heap-diff.ts before.heapsnapshot after.heapsnapshot --per 5000
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Node types whose "name" is content (a string's text, a number) rather than a constructor. */
const GROUPED_BY_TYPE = new Set([
  'string',
  'concatenated string',
  'sliced string',
  'number',
  'code',
  'regexp',
]);

function sizesByConstructor(file: string) {
  const heap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const typeNames = heap.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const totals = new Map<string, { size: number; count: number }>();
  for (let i = 0; i < heap.nodes.length; i += width) {
    const type = typeNames[heap.nodes[i + typeAt!]!] ?? '?';
    const key = GROUPED_BY_TYPE.has(type)
      ? `(${type})`
      : `${heap.strings[heap.nodes[i + nameAt!]!]} [${type}]`;
    const entry = totals.get(key) ?? { size: 0, count: 0 };
    entry.size += heap.nodes[i + sizeAt!]!;
    entry.count += 1;
    totals.set(key, entry);
  }
  return totals;
}

const [beforeFile, afterFile] = process.argv.slice(2);
const perIndex = process.argv.indexOf('--per');
const per = perIndex > 0 ? Number(process.argv[perIndex + 1]) : 1;
const top = Number(process.env.TOP ?? 40);
if (!beforeFile || !afterFile) throw new Error('usage: heap-diff.ts before after [--per N]');

const before = sizesByConstructor(beforeFile);
const after = sizesByConstructor(afterFile);
const rows = [...new Set([...before.keys(), ...after.keys()])].map((key) => {
  const a = before.get(key) ?? { size: 0, count: 0 };
  const b = after.get(key) ?? { size: 0, count: 0 };
  return { key, size: b.size - a.size, count: b.count - a.count };
});
rows.sort((x, y) => y.size - x.size);
const total = rows.reduce((sum, row) => sum + row.size, 0);
console.log(`| constructor | + bytes | per item | + objects | per item |`);
console.log(`| --- | --- | --- | --- | --- |`);
for (const row of rows.slice(0, top)) {
  console.log(
    `| ${row.key} | ${row.size} | ${(row.size / per).toFixed(0)} | ${row.count} | ${(row.count / per).toFixed(2)} |`,
  );
}
console.log(`| total | ${total} | ${(total / per).toFixed(0)} | | |`);
