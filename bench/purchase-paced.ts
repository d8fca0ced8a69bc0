/**
 * The paced buyers of the purchase benchmark: the same 50 buyers, each on one keep-alive connection
 * with its own session and a fresh Idempotency-Key per purchase, but open-loop: together they
 * start `rate` purchases per second, evenly spread (each buyer every 50 / rate seconds, the buyers'
 * phases staggered), whatever the shop answers. A wipe-day crowd clicks; it does not wait for the
 * previous answer to click again. A purchase's latency counts from the moment it was due, so a
 * purchase held back behind its buyer's previous one counts its wait too (no coordinated omission).
 * autocannon's own rate limit sends each connection's quota for a second in one burst at the start
 * of that second, which measures bursts, not a steady crowd: hence this small client.
 * Input (JSON on argv): base URLs, tokens, product and server ids, seconds, rate.
 * Output (JSON on stdout): completed purchases, refusals, latencies' median and p99, and the time
 * from the first purchase due to the last answer (longer than the run when the shop fell behind).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { readBuyersInput } from './purchase-buyers-input';

const input = readBuyersInput();
const rate = input.rate ?? 0;
if (!(rate > 0)) throw new Error('paced buyers need a rate');

const body = JSON.stringify({ productId: input.productId, serverId: input.serverId, quantity: 1 });
const latencies: number[] = [];
let done = 0;
let refused = 0;
let lastAnswer = 0;

/** One purchase on the buyer's own connection; resolves when answered. */
function purchase(agent: http.Agent, url: URL, token: string, due: number) {
  return new Promise<void>((resolve) => {
    const request = http.request(
      url,
      {
        agent,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'idempotency-key': `bench-${randomUUID()}`,
        },
      },
      (reply) => {
        reply.resume();
        reply.on('end', () => {
          lastAnswer = performance.now();
          latencies.push(lastAnswer - due);
          if (reply.statusCode === 200) done += 1;
          else refused += 1;
          resolve();
        });
      },
    );
    request.on('error', () => {
      refused += 1;
      resolve();
    });
    request.end(body);
  });
}

const interval = (1000 * input.tokens.length) / rate;
const start = performance.now() + 100;
const end = start + input.seconds * 1000;
const pending: Array<Promise<void>> = [];

input.tokens.forEach((token, buyer) => {
  const url = new URL('/api/purchase', input.bases[buyer % input.bases.length]);
  // One socket per buyer: a purchase due while the previous one is unanswered waits for it.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let due = start + (interval * buyer) / input.tokens.length;
  const next = () => {
    if (due >= end) return;
    pending.push(purchase(agent, url, token, due));
    due += interval;
    setTimeout(next, Math.max(0, due - performance.now()));
  };
  setTimeout(next, Math.max(0, due - performance.now()));
});

await new Promise((resolve) => setTimeout(resolve, end - performance.now() + 50));
await Promise.all(pending);
latencies.sort((a, b) => a - b);
const percentile = (p: number) =>
  Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0);
process.stdout.write(
  JSON.stringify({
    done,
    refused,
    p50Ms: percentile(0.5),
    p99Ms: percentile(0.99),
    elapsedMs: Math.round(lastAnswer - start),
  }),
);
process.exit(0);
