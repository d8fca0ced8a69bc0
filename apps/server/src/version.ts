import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from './paths';

/**
 * The shop's release, from the repository's package.json (CHANGELOG.md names what each one
 * changed). Read once at start, from the sources and from the built bundle alike.
 */
function readVersion(): string {
  try {
    const manifest = JSON.parse(
      readFileSync(path.join(SERVER_ROOT, '../../package.json'), 'utf8'),
    ) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

export const SHOP_VERSION = readVersion();
