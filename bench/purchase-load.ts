/**
 * The buyers of the purchase benchmark, in their own process so that their HTTP clients do not share
 * the shop's event loop. autocannon drives them: one keep-alive connection per buyer, each sending
 * its own session and a fresh Idempotency-Key per purchase, as the web app does. A fetch()-based
 * client spent ~3 ms of CPU per request here and took more of the two cores than the shop itself.
 * Input (JSON on argv): the shop processes' base URLs (buyers are dealt to them in turn), tokens,
 * product and server ids, seconds.
 * Output (JSON on stdout): completed purchases, refusals, latencies' median and p99, CPU used.
 */
import autocannon from 'autocannon';
import { readBuyersInput } from './purchase-buyers-input';

const input = readBuyersInput();

/** One autocannon run against one shop process, one connection per buyer dealt to it. */
function buyersOf(base: string, tokens: string[]) {
  let nextBuyer = 0;
  return autocannon({
    url: `${base}/api/purchase`,
    connections: tokens.length,
    duration: input.seconds,
    method: 'POST',
    body: JSON.stringify({ productId: input.productId, serverId: input.serverId, quantity: 1 }),
    // `[<id>]` becomes a fresh unique id in every request: one key per purchase.
    idReplacement: true,
    setupClient: (client) => {
      const token = tokens[nextBuyer % tokens.length] ?? '';
      nextBuyer += 1;
      client.setHeaders({
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': 'bench-[<id>]',
      });
    },
  });
}

// The buyers' CPU from here on: what the load itself costs, without this process's start.
const cpuStart = process.cpuUsage();
const results = await Promise.all(
  input.bases.map((base, index) =>
    buyersOf(
      base,
      input.tokens.filter((_, buyer) => buyer % input.bases.length === index),
    ),
  ),
);
const sum = (pick: (result: autocannon.Result) => number) =>
  results.reduce((total, result) => total + pick(result), 0);
// Latencies of several processes cannot be merged exactly: the slowest process's figure is given.
const worst = (pick: (result: autocannon.Result) => number) =>
  Math.round(Math.max(...results.map(pick)));
const cpu = process.cpuUsage(cpuStart);
process.stdout.write(
  JSON.stringify({
    done: sum((result) => result['2xx']),
    refused: sum((result) => result.non2xx + result.errors + result.timeouts),
    p50Ms: worst((result) => result.latency.p50),
    p99Ms: worst((result) => result.latency.p99),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  }),
);
