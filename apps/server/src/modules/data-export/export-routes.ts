import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAdminAction } from '../audit/audit-log';
import { exportToFile } from './export-command';
import { exportFileNames, exportZip } from './export-zip';

/** What in the export identifies a person beyond their Steam account (needs `export`). */
export const PERSONAL_DATA = ['payments.csv: email'];

/** `shop-export-2026-11-26.zip` */
export const exportFileName = () => `shop-export-${new Date().toISOString().slice(0, 10)}.zip`;

/** The owner's full export, over the admin API and (through the control socket) the command line. */
const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/export',
    {
      config: { permission: 'export' },
      schema: {
        tags: ['admin: data'],
        security: [{ bearer: [] }],
        summary: 'Everything the shop holds, as a zip of CSV files (UTF-8, a header row each)',
        description: `Files: ${exportFileNames.join(', ')}. The columns are described in the README («Export»). Holds players' e-mails (payments.csv): needs \`export\`, and each download is journaled.`,
        produces: ['application/zip'],
        response: { 200: z.unknown().describe('a zip file') },
      },
    },
    async (request, reply) => {
      await recordAdminAction(app.db, request, {
        action: 'data.export',
        targetType: 'shop',
        // The export holds players' personal data: the journal says so, and who took it.
        after: { files: exportFileNames, personalData: PERSONAL_DATA },
      });
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${exportFileName()}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(exportZip(app.db)));
    },
  );

  // `npm run export` reaches a running embedded shop this way: only it may read its database.
  app.control.on('export', async (request) => {
    if (typeof request.file !== 'string' || !path.isAbsolute(request.file)) {
      throw new Error('export needs an absolute file path');
    }
    await exportToFile(app.db, request.file);
    return { file: request.file };
  });
};

export default exportRoutes;
