import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startRustSim } from './sim';
import type { SimItem } from './types';
import { parseWorldNumber } from './world';

/**
 * Runs one simulated server until Ctrl+C:
 *   npm start -w @shop/rust-sim -- --port 28016 --password secret [--hostname X] [--items file.json]
 *     [--save-created 2025-11-06T19:00:00Z] [--seed 1337] [--world-size 4000]
 * `--items` takes a JSON array of {shortname, name} or {shortname, nameEn} (the shared item table).
 * `--save-created` starts on a save made then (default: a new save now). To wipe the running sim,
 * send it the console command `sim.wipe [seed] [worldsize]` (the shop's admin console does).
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '28016' },
    host: { type: 'string', default: '127.0.0.1' },
    password: { type: 'string', default: 'sim-password' },
    hostname: { type: 'string' },
    map: { type: 'string' },
    'max-players': { type: 'string' },
    items: { type: 'string' },
    churn: { type: 'string', default: '20000' },
    'save-created': { type: 'string' },
    seed: { type: 'string' },
    'world-size': { type: 'string' },
  },
});

/** A seed or world size given on the command line, or a clear exit. */
function wholeNumber(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = parseWorldNumber(text);
  if (value === undefined) {
    console.error(`--${name} must be a whole number from 1 to 2147483647`);
    process.exit(2);
  }
  return value;
}

function saveTime(text: string | undefined): Date | undefined {
  if (text === undefined) return undefined;
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) {
    console.error('--save-created must be a date and time, e.g. 2025-11-06T19:00:00Z');
    process.exit(2);
  }
  return at;
}

function loadItems(file: string): SimItem[] {
  const rows = JSON.parse(readFileSync(file, 'utf8')) as Array<{
    shortname: string;
    name?: string;
    nameEn?: string;
  }>;
  return rows.map((row) => ({
    shortname: row.shortname,
    name: row.name ?? row.nameEn ?? row.shortname,
  }));
}

const sim = await startRustSim({
  host: values.host,
  port: Number(values.port),
  password: values.password,
  hostname: values.hostname,
  map: values.map,
  maxPlayers: values['max-players'] ? Number(values['max-players']) : undefined,
  items: values.items ? loadItems(values.items) : undefined,
  churnIntervalMs: Number(values.churn) || null,
  saveCreatedAt: saveTime(values['save-created']),
  seed: wholeNumber('seed', values.seed),
  worldSize: wholeNumber('world-size', values['world-size']),
});

/** A command's frames for the log: an unknown command gets none, a known one at least its reply. */
const answerText = (replies: readonly string[]) =>
  replies.length === 0 ? '(no frame)' : replies.filter(Boolean).join(' | ') || '(empty reply)';

console.log(`rust-sim listening: ${sim.url}`);
sim.onCommand((record) => {
  console.log(
    `[${record.at.toISOString()}] #${record.connectionId} ${record.message} -> ${answerText(record.replies)}`,
  );
});

const shutdown = () => {
  void sim.close().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
