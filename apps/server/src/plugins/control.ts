import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startControlServer, type ControlRequest } from './control-socket';

type ControlHandler = (request: ControlRequest) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyInstance {
    control: {
      /** Answers `command` on the control socket (`npm run backup`, `npm run export`). */
      on(command: string, handler: ControlHandler): void;
    };
  }
}

export interface ControlOptions {
  dataDir: string;
  /** Only the embedded shop listens: its database can be read by no other process. */
  enabled: boolean;
}

/**
 * The embedded shop's control socket (DATA_DIR/run/control.sock): the commands run on the command
 * line that must go through the process holding the database, and a guard against a second shop
 * process on the same data folder.
 */
async function controlPlugin(app: FastifyInstance, options: ControlOptions) {
  const handlers = new Map<string, ControlHandler>([['ping', async () => ({ pid: process.pid })]]);
  app.decorate('control', {
    on(command: string, handler: ControlHandler) {
      if (handlers.has(command)) throw new Error(`control command "${command}" answered twice`);
      handlers.set(command, handler);
    },
  });
  if (!options.enabled) return;
  let server: Awaited<ReturnType<typeof startControlServer>> | undefined;
  app.addHook('onReady', async () => {
    server = await startControlServer(options.dataDir, async (request) => {
      const handler = handlers.get(request.command);
      if (!handler) throw new Error(`unknown command "${request.command}"`);
      return handler(request);
    });
  });
  app.addHook('onClose', async () => {
    await server?.close();
  });
}

export default fp(controlPlugin, { name: 'control' });
