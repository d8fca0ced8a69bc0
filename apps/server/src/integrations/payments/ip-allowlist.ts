import { BlockList, isIP } from 'node:net';

/** Node reports IPv4 peers on a dual-stack socket as ::ffff:a.b.c.d. */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim().toLowerCase();
  return trimmed.startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed;
}

/** An address (`77.75.156.11`) or a CIDR range (`185.71.76.0/27`, `2a02:5180::/32`). */
export function isAllowEntry(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Whether a sender's address is on a list of addresses and CIDR ranges. An empty list lets any
 * address through: that is for the demo and tests only, and the config refuses it in production.
 */
export function createAllowList(entries: readonly string[]): (ip: string) => boolean {
  if (entries.length === 0) return () => true;
  const list = new BlockList();
  for (const entry of entries) {
    if (!isAllowEntry(entry)) throw new RangeError(`not an address or CIDR range: ${entry}`);
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (ip) => {
    const address = normalizeIp(ip);
    const family = isIP(address);
    if (family === 0) return false;
    return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}
