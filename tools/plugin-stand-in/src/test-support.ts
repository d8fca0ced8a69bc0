import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { onPath } from './build';
import { startStandIn, type StandIn, type StandInOptions } from './stand-in';

export const PROBE_PATH = fileURLToPath(
  new URL('../../../plugins/oxide/test/fixtures/StandInProbe.cs', import.meta.url),
);
export const ANN = '76561198000000001';
export const BOB = '76561198000000002';

/** The stand-in needs Debian's Mono (mcs to compile, mono to run). */
export const monoMissing = !onPath('mcs') || !onPath('mono');
if (monoMissing) {
  console.warn(
    'plugin-stand-in tests skipped: mcs or mono is not on PATH (apt-get install mono-devel libnewtonsoft-json5.0-cil)',
  );
}

const running = new Set<StandIn>();

/** Starts the probe plugin in a new directory; stopAll() (afterEach) kills it and removes the directory. */
export async function startProbe(
  mode: StandInOptions['mode'],
  options: Partial<StandInOptions> = {},
): Promise<StandIn> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stand-in-test-'));
  const standIn = await startStandIn({ pluginPath: PROBE_PATH, mode, dir, ...options });
  running.add(standIn);
  return standIn;
}

export async function stopAll(): Promise<void> {
  await Promise.all(
    [...running].map(async (standIn) => {
      await standIn.kill();
      await rm(standIn.dir, { recursive: true, force: true });
    }),
  );
  running.clear();
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  /** Holds every later request unanswered until the returned function is called. */
  hold(): () => void;
  close(): Promise<void>;
}

/** A tiny HTTP server on 127.0.0.1 that answers {"echo": <body>} and records what it got. */
export async function startHttp(): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  let held: Promise<void> | undefined;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
      });
      const answer = (): void => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ echo: body }));
      };
      if (held === undefined) answer();
      else void held.then(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    hold() {
      let release: () => void = () => undefined;
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        held = undefined;
        release();
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function pluginLog(standIn: StandIn, prefix: string): string[] {
  return standIn
    .logs()
    .map((e) => e.text)
    .filter((text) => text.startsWith(prefix));
}
