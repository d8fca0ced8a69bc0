import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';

/** An arbitrary, fixed key of PostgreSQL's advisory locks: "the process that runs periodic jobs". */
const LEADER_LOCK_KEY = 724_300_002;

/** Work that must run on one process at a time: started on taking the lead, stopped on losing it. */
export interface LeaderJob {
  start(): void | Promise<void>;
  stop(): void | Promise<void>;
}

export interface LeadershipOptions {
  /**
   * PostgreSQL to elect on, over a connection of its own (not the pool's: the lock lives as long as
   * that one session). Undefined on the embedded database, whose single process always leads.
   */
  databaseUrl: string | undefined;
  /** How often a follower tries to take the lead, and the leader checks its connection. */
  retryMs: number;
  /** A restored copy never leads: its periodic jobs would act for the live shop. */
  neverLead?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    leadership: {
      /** Whether this process runs the periodic jobs right now. */
      readonly isLeader: boolean;
      /** Runs `job` while this process leads: started on taking the lead, stopped on losing it. */
      whileLeader(name: string, job: LeaderJob): void;
      /** Runs `task` at once on taking the lead and then every `intervalMs`, never two at a time. */
      every(name: string, intervalMs: number, task: () => Promise<unknown>): void;
    };
  }
}

/** A task on an interval as a LeaderJob; a run that fails is logged and the next one still comes. */
function intervalJob(
  name: string,
  intervalMs: number,
  task: () => Promise<unknown>,
  log: FastifyBaseLogger,
): LeaderJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = task()
      .then(() => undefined)
      .catch((err: unknown) => log.warn({ err, job: name }, 'periodic job failed'))
      .finally(() => (running = undefined));
  };
  return {
    start() {
      run();
      timer = setInterval(run, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Tries to hold a session advisory lock on a dedicated connection. The server releases the lock the
 * moment that session ends (the process died, its host vanished and the idle timeout struck), so
 * another process takes over at its next try. A leader that loses its connection, or cannot get an
 * answer on it, steps down at once: two leaders for a moment are possible only while the server still
 * holds a dead leader's lock, never the other way round.
 */
function createElection(
  url: string,
  retryMs: number,
  log: FastifyBaseLogger,
  setLeader: (leader: boolean) => Promise<void>,
) {
  let client: pg.Client | undefined;
  let leader = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const drop = async (lost: pg.Client, reason: string) => {
    if (client !== lost) return;
    client = undefined;
    lost.end().catch(() => undefined);
    if (leader) {
      leader = false;
      log.warn({ reason }, 'lost the leader connection; stepping down');
      await setLeader(false);
    }
  };

  const connect = async () => {
    const fresh = new pg.Client({
      connectionString: url,
      application_name: 'shop-leader',
      keepAlive: true,
      query_timeout: Math.max(retryMs, 2_000),
    });
    fresh.on('error', (err) => void drop(fresh, err.message));
    fresh.on('end', () => void drop(fresh, 'connection closed'));
    await fresh.connect();
    if (closed) {
      await fresh.end();
      throw new Error('shutting down');
    }
    // A leader whose host vanishes sends no FIN; the server ends its silent session after this
    // long, which frees the lock. The leader's own checks keep a live session from ever idling.
    await fresh.query(`set idle_session_timeout = ${retryMs * 3}`).catch(() => undefined);
    client = fresh;
    return fresh;
  };

  const attempt = async () => {
    const current = client;
    try {
      const session = current ?? (await connect());
      if (leader) {
        await session.query('select 1');
        return;
      }
      const { rows } = await session.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [LEADER_LOCK_KEY],
      );
      if (rows[0]?.locked && !closed) {
        leader = true;
        log.info('this process now runs the periodic jobs');
        await setLeader(true);
      }
    } catch (err) {
      if (client) await drop(client, err instanceof Error ? err.message : String(err));
      else log.debug({ err }, 'leader election: database not reachable');
    }
  };

  const loop = async () => {
    await attempt();
    if (!closed) timer = setTimeout(() => void loop(), retryMs);
  };

  return {
    /** The first try is awaited, so a lone process leads before it reports ready. */
    start: () => loop(),
    async close() {
      closed = true;
      clearTimeout(timer);
      const session = client;
      client = undefined;
      if (leader) {
        leader = false;
        await setLeader(false);
      }
      // Ending the session releases the lock; the next leader needs no unlock call.
      await session?.end().catch(() => undefined);
    },
  };
}

/**
 * One leader among the shop processes sharing a database, for the periodic jobs that must not run
 * N times (server monitor, VIP expiry, payment reconciliation, cleanups). Delivery is not among
 * them: every process shares its queue.
 */
async function leadershipPlugin(app: FastifyInstance, options: LeadershipOptions) {
  const jobs = new Map<string, LeaderJob>();
  let leader = false;
  // Transitions run one after another, so a job is never started while its stop is still running.
  let transition: Promise<void> = Promise.resolve();

  const runJob = async (name: string, job: LeaderJob, start: boolean) => {
    try {
      await (start ? job.start() : job.stop());
    } catch (err) {
      app.log.error({ err, job: name }, start ? 'job did not start' : 'job did not stop');
    }
  };

  const setLeader = (next: boolean) => {
    transition = transition.then(async () => {
      if (leader === next) return;
      leader = next;
      await Promise.all([...jobs].map(([name, job]) => runJob(name, job, next)));
    });
    return transition;
  };

  const whileLeader = (name: string, job: LeaderJob) => {
    if (jobs.has(name)) throw new Error(`leader job "${name}" registered twice`);
    jobs.set(name, job);
    if (leader) transition = transition.then(() => runJob(name, job, true));
  };

  app.decorate('leadership', {
    get isLeader() {
      return leader;
    },
    whileLeader,
    every: (name: string, intervalMs: number, task: () => Promise<unknown>) =>
      whileLeader(name, intervalJob(name, intervalMs, task, app.log)),
  });

  const election = options.databaseUrl
    ? createElection(options.databaseUrl, options.retryMs, app.log, setLeader)
    : undefined;
  app.addHook('onReady', async () => {
    if (options.neverLead) return;
    if (election) await election.start();
    else await setLeader(true);
  });
  app.addHook('preClose', async () => {
    if (election) await election.close();
    else await setLeader(false);
  });
}

export default fp(leadershipPlugin, { name: 'leadership', dependencies: ['database'] });
