import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: Database['kind'];
    /** A hot path's hand-written statement in one round trip (see Database.run). */
    dbRun: Database['run'];
  }
}

/** Makes the opened database available to every route; whoever opened it closes it. */
async function databasePlugin(app: FastifyInstance, options: { database: Database }) {
  app.decorate('db', options.database.db);
  app.decorate('dbKind', options.database.kind);
  app.decorate('dbRun', options.database.run);
}

export default fp(databasePlugin, { name: 'database' });
