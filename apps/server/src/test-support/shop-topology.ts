import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TopologyMessage } from './topology-process';

const topologyProcess = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  'topology-process.ts',
);

export interface ShopProcess {
  name: string;
  child: ChildProcess;
  /** The API process's address; null for a worker. */
  url: string | null;
  /** As the process last reported it. */
  leader: boolean;
  killedAt: number | null;
}

/** Shop processes started as an operator starts them, each a real child process of the test. */
export function shopTopology(env: Record<string, string>) {
  const started: ShopProcess[] = [];

  async function start(name: string, role: 'api' | 'worker'): Promise<ShopProcess> {
    const child = fork(topologyProcess, [], {
      execArgv: ['--import', 'tsx'],
      env: { PATH: process.env.PATH ?? '', ...env, SHOP_ROLE: role },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const shop: ShopProcess = { name, child, url: null, leader: false, killedAt: null };
    started.push(shop);
    await new Promise<void>((resolve, reject) => {
      child.on('message', (message: TopologyMessage) => {
        if (message.kind === 'leader') shop.leader = message.leader;
        if (message.kind !== 'ready') return;
        if (message.port !== null) shop.url = `http://127.0.0.1:${message.port}`;
        resolve();
      });
      child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
    });
    return shop;
  }

  /** As a power cut would: no shutdown, its connections simply vanish. */
  function kill(shop: ShopProcess) {
    shop.child.kill('SIGKILL');
    shop.killedAt = Date.now();
    shop.leader = false;
  }

  return {
    start,
    kill,
    alive: () => started.filter((shop) => shop.killedAt === null),
    leaders: () => started.filter((shop) => shop.killedAt === null && shop.leader),
    killAll: () =>
      started.forEach((shop) => shop.child.exitCode === null && shop.child.kill('SIGKILL')),
  };
}

/**
 * A purchase as the web app makes it: one Idempotency-Key for the user's action, reused when the
 * request fails (here: on the next API process, as a proxy would send it). Answers the order id.
 */
export async function buyWithRetries(
  urls: readonly string[],
  headers: { authorization: string },
  body: { productId: number; serverId: number; quantity: number },
): Promise<{ orderId: string; attempts: number }> {
  const key = randomUUID();
  for (let attempt = 0; attempt < urls.length * 2; attempt += 1) {
    const url = urls[attempt % urls.length]!;
    const reply = await fetch(`${url}/api/purchase`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    }).catch(() => null);
    if (!reply || reply.status >= 500) continue;
    if (reply.status !== 200) throw new Error(`purchase refused: ${await reply.text()}`);
    const { orderId } = (await reply.json()) as { orderId: string };
    return { orderId, attempts: attempt + 1 };
  }
  throw new Error('no API process took the purchase');
}
