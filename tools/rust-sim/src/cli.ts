import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startRustSim } from './sim';
import type { SimItem } from './types';

/**
 * Runs one simulated server until Ctrl+C:
 *   npm start -w @shop/rust-sim -- --port 28016 --password secret [--hostname X] [--items file.json]
 * `--items` takes a JSON array of {shortname, name} or {shortname, nameEn} (the shared item table).
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
  },
});

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
});

console.log(`rust-sim listening: ${sim.url}`);
sim.onCommand((record) => {
  console.log(
    `[${record.at.toISOString()}] #${record.connectionId} ${record.message} -> ${record.replies.join(' | ') || '(no reply)'}`,
  );
});

const shutdown = () => {
  void sim.close().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
