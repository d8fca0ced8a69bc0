import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The player web's weight budget, in bytes of brotli on the wire (what Chromium counts with a cold
 * cache, since the server sends the precompressed .br files). docs/decisions/0009 explains each.
 */
export const KB = 1000;
export const budgets = {
  /** Everything a signed-out visitor downloads for Home before any click. */
  signedOutJs: 95 * KB,
  /** The same once signed in: the live channel and the session come along. */
  signedInJs: 115 * KB,
  /** What following a link to one more player page adds. */
  routeJs: 40 * KB,
  /** The stylesheet of the first load. */
  css: 15 * KB,
} as const;

/** Player pages and the module that holds each, as the build manifest names them. */
export const playerRoutes = {
  '/shop': 'src/app/routes/shop.tsx',
  '/servers': 'src/app/routes/servers.tsx',
  '/promocodes': 'src/app/routes/promocodes.tsx',
  '/profile': 'src/app/routes/profile.tsx',
  '/cart': 'src/app/routes/cart.tsx',
  '/login': 'src/app/routes/login.tsx',
  '/payment-success': 'src/app/routes/payments.tsx',
} as const;

/** Loaded on sign-in (app/realtime-provider): the socket client. */
export const SIGNED_IN_MODULES = ['src/lib/socket.ts'] as const;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface FirstLoad {
  /** Manifest keys of the chunks a page needs at once (statically imported, transitively). */
  chunks: Set<string>;
  jsBytes: number;
  cssBytes: number;
}

export class BuildManifest {
  private readonly manifest: Manifest;

  constructor(private readonly distDir: string) {
    const file = path.join(distDir, '.vite', 'manifest.json');
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build:web`);
    this.manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  }

  /** Size of the copy a brotli-accepting browser receives: the .br beside the file, else the file. */
  wireBytes(file: string): number {
    const full = path.join(this.distDir, file);
    return statSync(existsSync(`${full}.br`) ? `${full}.br` : full).size;
  }

  plainBytes(file: string): number {
    return statSync(path.join(this.distDir, file)).size;
  }

  hasGzip(file: string): boolean {
    return existsSync(path.join(this.distDir, `${file}.gz`));
  }

  private closure(keys: readonly string[], into = new Set<string>()): Set<string> {
    for (const key of keys) {
      if (into.has(key)) continue;
      const chunk = this.manifest[key];
      if (!chunk) throw new Error(`${key} is not in the build manifest`);
      into.add(key);
      this.closure(chunk.imports ?? [], into);
    }
    return into;
  }

  private measure(chunks: Set<string>, already: Set<string> = new Set()): FirstLoad {
    const fresh = new Set([...chunks].filter((key) => !already.has(key)));
    const seenCss = new Set([...already].flatMap((key) => this.manifest[key]?.css ?? []));
    let jsBytes = 0;
    let cssBytes = 0;
    for (const key of fresh) {
      const chunk = this.manifest[key]!;
      jsBytes += this.wireBytes(chunk.file);
      for (const css of chunk.css ?? []) {
        if (seenCss.has(css)) continue;
        seenCss.add(css);
        cssBytes += this.wireBytes(css);
      }
    }
    return { chunks: fresh, jsBytes, cssBytes };
  }

  get entryKey(): string {
    const entry = Object.entries(this.manifest).find(([, chunk]) => chunk.isEntry);
    if (!entry) throw new Error('the build manifest has no entry');
    return entry[0];
  }

  /** Signed-out Home: the entry and everything it imports statically. */
  signedOut(): FirstLoad {
    return this.measure(this.closure([this.entryKey]));
  }

  /** Signed-in Home: the signed-out load plus what sign-in loads. */
  signedIn(): FirstLoad {
    return this.measure(this.closure([this.entryKey, ...SIGNED_IN_MODULES]));
  }

  /** What a route adds on top of a signed-in first load. */
  routeExtra(moduleKey: string): FirstLoad {
    const base = this.closure([this.entryKey, ...SIGNED_IN_MODULES]);
    return this.measure(this.closure([moduleKey, ...base]), base);
  }

  has(key: string): boolean {
    return key in this.manifest;
  }

  fileOf(key: string): string {
    return this.manifest[key]?.file ?? key;
  }
}
