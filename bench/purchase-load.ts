/**
 * The buyers of the purchase benchmark, in their own process so that their HTTP clients do not share
 * the shop's event loop. Input (JSON on argv): the shop processes' base URLs (buyers are dealt to
 * them in turn), tokens, product and server ids, seconds.
 * Output (JSON on stdout): completed purchases, refusals, latencies' p99.
 */
export {};
const input = JSON.parse(process.argv[2] ?? '{}') as {
  bases: string[];
  tokens: string[];
  productId: number;
  serverId: number;
  seconds: number;
};
if (!input.bases.every((base) => /^http:\/\/127\.0\.0\.1:\d+$/.test(base)))
  throw new Error('benchmarks target loopback only');
const deadline = Date.now() + input.seconds * 1000;
let done = 0;
let refused = 0;
const latencies: number[] = [];
const body = JSON.stringify({ productId: input.productId, serverId: input.serverId, quantity: 1 });
await Promise.all(
  input.tokens.map(async (token, index) => {
    const base = input.bases[index % input.bases.length];
    while (Date.now() < deadline) {
      const started = performance.now();
      const reply = await fetch(`${base}/api/purchase`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      await reply.arrayBuffer();
      latencies.push(performance.now() - started);
      if (reply.status === 200) done += 1;
      else refused += 1;
    }
  }),
);
latencies.sort((a, b) => a - b);
process.stdout.write(
  JSON.stringify({
    done,
    refused,
    p50Ms: Math.round(latencies[Math.floor(latencies.length * 0.5)] ?? 0),
    p99Ms: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
    cpuMs: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000),
  }),
);
