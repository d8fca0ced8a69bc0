import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server). This file sits one level below it in the sources
 * (src/paths.ts) and so does the built bundle (dist/server.js), so the same line finds it from both.
 */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
