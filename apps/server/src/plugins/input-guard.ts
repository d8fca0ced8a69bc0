import { errorMessages, findInputProblem } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from './errors';

/**
 * Every request's text, before any schema or handler sees it: control characters, broken Unicode and
 * absurd nesting are a 400 with a Russian message, never a database error or a stack overflow.
 */
async function inputGuardPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const problem = findInputProblem(part);
      if (problem === 'unsafe-text') throw badRequest(errorMessages.unsafeText);
      if (problem === 'too-deep') throw badRequest(errorMessages.tooDeep);
    }
  });
}

export default fp(inputGuardPlugin, { name: 'input-guard', dependencies: ['errors'] });
