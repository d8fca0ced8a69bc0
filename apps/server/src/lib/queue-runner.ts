import type { FastifyBaseLogger } from 'fastify';

export interface QueueRunner {
  /** Drains the queue now; a call during a run makes it run once more right after. */
  kick(): Promise<void>;
  /** Drains every `pollIntervalMs`, and at once. */
  start(): void;
  /** No new run starts; the one under way is awaited. */
  stop(): Promise<void>;
  /** Whether stop() was called: a job taken from here on should be given back, not worked. */
  readonly stopped: boolean;
}

/**
 * The loop a durable job queue's worker runs (deliveries by RCON, Discord roles): `drain` claims
 * and works jobs until none is due. Never two drains at a time in this process; a kick during a
 * drain runs one more, so a job queued meanwhile is not left for the next poll. A stopped runner
 * (a closing process) claims nothing: a job it claimed would only be leased away from the
 * processes that go on.
 */
export function createQueueRunner(
  name: string,
  drain: () => Promise<void>,
  log: FastifyBaseLogger,
  pollIntervalMs: number,
): QueueRunner {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  function kick(): Promise<void> {
    if (stopped) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await drain().catch((error: unknown) => log.error({ err: error }, `${name} failed`));
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    kick,
    start() {
      stopped = false;
      timer = setInterval(() => void kick(), pollIntervalMs);
      timer.unref();
      void kick();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    get stopped() {
      return stopped;
    },
  };
}
