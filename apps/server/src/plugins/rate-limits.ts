import type { FastifyRequest } from 'fastify';

/**
 * A limit per signed-in account, checked after authentication: players behind one address (a
 * dormitory, a mobile carrier's NAT) do not share it, and one account cannot spread its attempts
 * over many addresses. Anonymous callers fall back to their address.
 */
export function perAccountLimit(max: number, timeWindow = '1 minute') {
  return {
    max,
    timeWindow,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) =>
      request.user ? `user:${request.user.id}` : `ip:${request.ip}`,
  };
}
