import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Listens on 127.0.0.1 at a port the system picks (port 0), so tests running side by side never
 * collide, and returns the origin `http://127.0.0.1:PORT` that the app is now reachable at.
 */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * A provider's stand-in on a loopback port of its own, as the shop meets the real provider.
 * `register` mounts the stand-in; its `publicUrl` (the origin, for the links the stand-in hands
 * out, such as checkout pages) is known only once the server listens, hence a function.
 */
export async function startLoopbackFake<T>(
  register: (app: FastifyInstance, publicUrl: () => string) => T | Promise<T>,
): Promise<{ origin: string; fake: T; close: () => Promise<void> }> {
  const app = Fastify();
  let origin = '';
  const fake = await register(app, () => origin);
  origin = await listenOnLoopback(app);
  return { origin, fake, close: () => app.close() };
}
