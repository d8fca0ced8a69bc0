import WebSocket from 'ws';
import { frameText } from './rcon-listener';
import type { RconFrame } from './types';

/** A bare WebRcon client for the sim's own tests: no reconnects, no cleverness. */
export interface RawClient {
  readonly frames: RconFrame[];
  send(identifier: number, message: string): void;
  /** The first frame (already received or future) matching the predicate. */
  frame(predicate: (frame: RconFrame) => boolean, timeoutMs?: number): Promise<RconFrame>;
  run(identifier: number, message: string): Promise<RconFrame>;
  /**
   * Every frame a command got with its Identifier (its log lines, then its reply). The sim sends them
   * in one go, so a short pause after the first is enough; `[]` when none came in `timeoutMs`.
   */
  answer(identifier: number, message: string, timeoutMs?: number): Promise<RconFrame[]>;
  close(): Promise<void>;
}

export function connectRaw(url: string): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const frames: RconFrame[] = [];
    const waiters = new Set<(frame: RconFrame) => void>();
    ws.on('message', (data: WebSocket.RawData) => {
      const frame = JSON.parse(frameText(data)) as RconFrame;
      frames.push(frame);
      for (const waiter of waiters) waiter(frame);
    });
    ws.once('error', reject);
    ws.once('open', () => {
      const client: RawClient = {
        frames,
        send: (Identifier, Message) =>
          ws.send(JSON.stringify({ Identifier, Message, Name: 'WebRcon' })),
        frame(predicate, timeoutMs = 2000) {
          const seen = frames.find(predicate);
          if (seen) return Promise.resolve(seen);
          return new Promise((done, fail) => {
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error('no matching frame in time'));
            }, timeoutMs);
            const check = (frame: RconFrame) => {
              if (!predicate(frame)) return;
              clearTimeout(timer);
              waiters.delete(check);
              done(frame);
            };
            waiters.add(check);
          });
        },
        run(identifier, message) {
          client.send(identifier, message);
          return client.frame((frame) => frame.Identifier === identifier);
        },
        async answer(identifier, message, timeoutMs = 300) {
          client.send(identifier, message);
          const first = await client
            .frame((frame) => frame.Identifier === identifier, timeoutMs)
            .catch(() => null);
          if (!first) return [];
          await new Promise((done) => setTimeout(done, 30));
          return frames.filter((frame) => frame.Identifier === identifier);
        },
        close: () =>
          new Promise<void>((done) => {
            if (ws.readyState === WebSocket.CLOSED) return done();
            ws.once('close', () => done());
            ws.close();
          }),
      };
      resolve(client);
    });
  });
}

/** Attempts a connection and reports how it ended, for password and ban tests. */
export function tryConnect(url: string): Promise<'open' | 'refused' | 'unreachable'> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    ws.once('open', () => {
      ws.close();
      resolve('open');
    });
    ws.once('error', (error: NodeJS.ErrnoException) => {
      resolve(error.code?.startsWith('HPE_') ? 'refused' : 'unreachable');
    });
  });
}
