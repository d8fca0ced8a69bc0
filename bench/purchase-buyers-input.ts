/** What the purchase benchmark hands its buyers' process (JSON on argv), checked once for both kinds. */
export interface BuyersInput {
  /** The shop processes' base URLs; buyers are dealt to them in turn. */
  bases: string[];
  tokens: string[];
  productId: number;
  serverId: number;
  seconds: number;
  /** Purchases started per second by all buyers together (the paced buyers only). */
  rate?: number;
}

export function readBuyersInput(): BuyersInput {
  const input = JSON.parse(process.argv[2] ?? '{}') as BuyersInput;
  if (!input.bases.every((base) => /^http:\/\/127\.0\.0\.1:\d+$/.test(base)))
    throw new Error('benchmarks target loopback only');
  return input;
}
