import type { SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';

export const API_DOCS_PREFIX = '/api/docs';

/**
 * Swagger UI and the OpenAPI description at /api/docs. In production they answer only a signed-in
 * admin: the description maps every admin and plugin route with its fields, which no player needs
 * and someone probing the shop would welcome. Elsewhere (development, tests, the demo) they are open.
 *
 * Registered in a scope of its own, so the hook covers every route swagger-ui adds (the page, its
 * JSON and YAML, its scripts), and after the auth plugin, whose check it uses.
 */
export default async function apiDocsPlugin(app: FastifyInstance, options: { adminOnly: boolean }) {
  if (options.adminOnly) app.addHook('onRequest', app.requireAdmin);
  await app.register(swaggerUi, { routePrefix: API_DOCS_PREFIX });
}

/**
 * The OpenAPI transform with each operation's `config.permission` carried as `x-permission`, so the
 * description says what a member of staff needs for it (and a test walks every admin operation).
 */
export function withPermissions<S extends FastifySchema>(
  transform: SwaggerTransform<S>,
): SwaggerTransform<S> {
  return (input) => {
    const result = transform(input);
    const permission = input.route.config?.permission;
    if (!permission) return result;
    return { ...result, schema: { ...result.schema, 'x-permission': permission } as FastifySchema };
  };
}
