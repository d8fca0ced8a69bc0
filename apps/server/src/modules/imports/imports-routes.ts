import {
  apiErrorSchema,
  BALANCE_FILE_MAX_BYTES,
  balanceImportResultSchema,
  balanceImportRunsSchema,
  IMPORT_FILE_MAX_BYTES,
  importErrorSchema,
  importQuerySchema,
  kopecksToRoubles,
  productImportResultSchema,
  type ImportError,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/audit-log';
import { importBalances } from './balance-import';
import { recentRuns } from './balance-import-runs';
import { importProducts } from './product-import';

/** An import refused for its content: the errors by line (none for a refused request), nothing changed. */
const refusalSchema = apiErrorSchema.extend({ errors: z.array(importErrorSchema).optional() });

const refusal = (errors: ImportError[]) => ({
  error: 'bad_request' as const,
  message: `Файл не импортирован: ${errors
    .slice(0, 3)
    .map((error) => `строка ${error.line} — ${error.message}`)
    .join('; ')}${errors.length > 3 ? ` и ещё ${errors.length - 3}` : ''}`,
  errors,
});

const isDryRun = (value: string | undefined) => value === '1' || value === 'true';

/** Data brought from another shop: balances and products, previewed first (`?dryRun=1`). */
const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Files come as they are: `text/csv`, or JSON for products. Only these routes take CSV bodies.
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  const tags = ['admin: data'];
  const security = [{ bearer: [] }];

  app.post(
    '/import/balances',
    {
      config: { permission: 'money' },
      bodyLimit: BALANCE_FILE_MAX_BYTES,
      schema: {
        tags,
        security,
        summary: 'Bring balances from another shop: a CSV of steamId,amount[,note] in roubles',
        description:
          'With `?dryRun=1` it answers what would happen and changes nothing. Otherwise each row is ' +
          'credited as a «Перенос баланса» ledger entry, in batches of short transactions (the shop ' +
          'keeps answering; GET /import/balances/runs shows the progress); a player with no account ' +
          'gets one from the Steam ID. Each row is keyed by its content (Steam ID, amount, note): ' +
          'the same balances again, reordered, without the header or with `;`, credit nothing ' +
          'more, and a deliberate second transfer needs a note of its own. Up to 200 000 rows. A ' +
          'file with any bad row changes nothing and answers its errors by line.',
        querystring: importQuerySchema,
        consumes: ['text/csv'],
        body: z.string().max(BALANCE_FILE_MAX_BYTES),
        response: { 200: balanceImportResultSchema, 400: refusalSchema },
      },
    },
    async (request, reply) => {
      const dryRun = isDryRun(request.query.dryRun);
      const { changedBalances, ...result } = await importBalances(app.db, request.body, {
        dryRun,
        actor: actorOf(request),
      });
      if (!dryRun && result.errors.length > 0)
        return reply.status(400).send(refusal(result.errors));
      // Thousands of players may have a new balance: told a few hundred at a time, the shop
      // answering in between.
      for (const [index, { userId, balanceKopecks }] of changedBalances.entries()) {
        if (index > 0 && index % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
        app.realtime.toUser(userId, 'balanceUpdate', { balance: kopecksToRoubles(balanceKopecks) });
      }
      return result;
    },
  );

  app.get(
    '/import/balances/runs',
    {
      config: { permission: 'money' },
      schema: {
        tags,
        security,
        summary:
          'The latest balance imports: rows done of rows and what was credited, while they run',
        response: { 200: balanceImportRunsSchema },
      },
    },
    async () => ({ runs: await recentRuns(app.db) }),
  );

  app.post(
    '/import/products',
    {
      config: { permission: 'products' },
      bodyLimit: IMPORT_FILE_MAX_BYTES,
      schema: {
        tags,
        security,
        summary:
          'Add products from a CSV or JSON file: name, category, price, shortname, amount, commands, server',
        description:
          'CSV with a header row, or a JSON array of objects with the same fields. `?dryRun=1` ' +
          'previews. Products already sold (same name, item and server) are left as they are.',
        querystring: importQuerySchema,
        consumes: ['text/csv', 'application/json'],
        // The array's length is bounded by the body limit; the file's reader refuses more rows than
        // a file may hold with its own message, as for a CSV.
        body: z.union([z.string().max(IMPORT_FILE_MAX_BYTES), z.array(z.unknown())]),
        response: { 200: productImportResultSchema, 400: refusalSchema },
      },
    },
    async (request, reply) => {
      const dryRun = isDryRun(request.query.dryRun);
      const result = await importProducts(app.db, request.body, {
        dryRun,
        actor: actorOf(request),
        categories: (await app.site.current()).content.categories,
      });
      if (!dryRun && result.errors.length > 0)
        return reply.status(400).send(refusal(result.errors));
      if (!dryRun && result.created > 0) app.catalog.invalidate();
      return result;
    },
  );
};

export default importsRoutes;
