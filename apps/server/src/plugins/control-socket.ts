import { mkdirSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import path from 'node:path';

/**
 * A local door into the running embedded shop, for the commands that must go through the process
 * holding the database (`npm run backup`) or must know it runs (`restore`, `db:move`). A Unix socket
 * in DATA_DIR/run, a folder only the shop's own user may open: no network, no password.
 */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'run', 'control.sock');

/** A command and its arguments; each command's handler checks its own. */
export type ControlRequest = { command: string } & Record<string, unknown>;
export type ControlReply = { ok: true; result?: unknown } | { ok: false; error: string };

/**
 * Sends one request to the shop running on `dataDir` and waits for its reply; null when no shop
 * runs there (no socket, or nobody listening on it).
 */
export function askRunningShop(
  dataDir: string,
  request: ControlRequest,
  timeoutMs = 30 * 60_000,
): Promise<ControlReply | null> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(controlSocketPath(dataDir));
    let reply = '';
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new Error('The running shop did not answer in time.')),
    );
    socket.on('connect', () => socket.end(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk) => (reply += chunk.toString('utf8')));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(reply) as ControlReply);
      } catch {
        reject(new Error('The running shop answered something unreadable.'));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}

/** Whether a shop process runs on this data folder right now. */
export async function shopRunsOn(dataDir: string): Promise<boolean> {
  return (await askRunningShop(dataDir, { command: 'ping' }, 5_000)) !== null;
}

export class ShopAlreadyRunningError extends Error {
  override name = 'ShopAlreadyRunningError';
}

/**
 * Listens on the control socket of `dataDir`. A second shop on the same embedded data folder would
 * corrupt it, so finding a live socket there refuses the start; a stale one (a crash) is replaced.
 */
export async function startControlServer(
  dataDir: string,
  handle: (request: ControlRequest) => Promise<unknown>,
): Promise<{ close(): Promise<void> }> {
  const socketPath = controlSocketPath(dataDir);
  if (await shopRunsOn(dataDir)) {
    throw new ShopAlreadyRunningError(
      `Another shop process is running on ${dataDir}; two on one embedded database would damage it.`,
    );
  }
  mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  rmSync(socketPath, { force: true });
  // Half-open: the client ends its side once it has sent the request, and still reads the reply.
  const server: Server = createServer({ allowHalfOpen: true }, (socket) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('end', () => {
      void (async (): Promise<ControlReply> => {
        try {
          const request = JSON.parse(text) as ControlRequest;
          return { ok: true, result: await handle(request) };
        } catch (error) {
          return { ok: false, error: error instanceof Error ? error.message : String(error) };
        }
      })().then((reply) => socket.end(JSON.stringify(reply)));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(socketPath, { force: true });
      }),
  };
}
