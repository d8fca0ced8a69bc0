import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Reads `.env` in the folder the shop is started from, as `npm start`, systemd's WorkingDirectory
 * and the data commands all do. Variables already in the environment win (Node's own rule for
 * process.loadEnvFile), so a service manager's EnvironmentFile or a one-off `PORT=… npm start`
 * still decides. Returns the file read, for the start's log.
 */
export function loadEnvFile(folder = process.cwd()): string | undefined {
  const file = path.join(folder, '.env');
  if (!existsSync(file)) return undefined;
  process.loadEnvFile(file);
  return file;
}
