import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The player web's weight budget, in bytes of brotli on the wire (what Chromium counts with a cold
 * cache, since the server sends the precompressed .br files). docs/decisions/0013 explains each.
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

/** Loaded on sign-in: the socket client (app/realtime-provider) and the support chat's toggle. */
export const SIGNED_IN_MODULES = [
  'src/lib/socket.ts',
  'src/features/support-chat/components/support-chat-widget.tsx',
] as const;

interface ManifestChunk {
  file: string;
  /** The chunk's name: its entry module's, or for a shared chunk the module it was split at. */
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface FirstLoad {
  /** Files a page needs at once: what index.html names and what those import statically. */
  files: Set<string>;
  jsBytes: number;
  cssBytes: number;
}

export class BuildManifest {
  private readonly manifest: Manifest;
  private readonly keyOfFile = new Map<string, string>();
  private readonly htmlFiles: string[];

  constructor(private readonly distDir: string) {
    const file = path.join(distDir, '.vite', 'manifest.json');
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build:web`);
    this.manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    for (const [key, chunk] of Object.entries(this.manifest)) this.keyOfFile.set(chunk.file, key);
    // What the page itself asks for: its scripts, module preloads and stylesheets.
    const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
    this.htmlFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
      (match) => match[1]!,
    );
  }

  /** Size of the copy a brotli-accepting browser receives: the .br beside the file, else the file. */
  wireBytes(file: string): number {
    const full = path.join(this.distDir, file);
    return statSync(existsSync(`${full}.br`) ? `${full}.br` : full).size;
  }

  plainBytes(file: string): number {
    return statSync(path.join(this.distDir, file)).size;
  }

  /** The files of the chunks a module imports dynamically. */
  dynamicImportsOf(key: string): string[] {
    return (this.manifest[key]?.dynamicImports ?? []).map((imported) => this.fileOf(imported));
  }

  /** The files of the chunks with this name (a shared chunk is named after its module's file). */
  filesNamed(name: string): string[] {
    return Object.values(this.manifest)
      .filter((chunk) => chunk.name === name)
      .map((chunk) => chunk.file);
  }

  hasGzip(file: string): boolean {
    return existsSync(path.join(this.distDir, `${file}.gz`));
  }

  has(key: string): boolean {
    return key in this.manifest;
  }

  fileOf(key: string): string {
    const chunk = this.manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    return chunk.file;
  }

  /** The files of these chunks (manifest keys or file names) and of all they import statically. */
  private closure(starts: readonly string[], into = new Set<string>()): Set<string> {
    for (const start of starts) {
      const key = this.manifest[start] ? start : this.keyOfFile.get(start);
      const file = key ? this.fileOf(key) : start;
      if (into.has(file)) continue;
      into.add(file);
      if (!key) continue;
      const chunk = this.manifest[key]!;
      for (const css of chunk.css ?? []) into.add(css);
      this.closure(chunk.imports ?? [], into);
    }
    return into;
  }

  private measure(files: Set<string>, already: Set<string> = new Set()): FirstLoad {
    const fresh = new Set([...files].filter((file) => !already.has(file)));
    let jsBytes = 0;
    let cssBytes = 0;
    for (const file of fresh) {
      if (file.endsWith('.css')) cssBytes += this.wireBytes(file);
      else jsBytes += this.wireBytes(file);
    }
    return { files: fresh, jsBytes, cssBytes };
  }

  /** Signed-out Home: what index.html loads and everything that imports statically. */
  signedOut(): FirstLoad {
    return this.measure(this.closure(this.htmlFiles));
  }

  /** Signed-in Home: the signed-out load plus what sign-in loads. */
  signedIn(): FirstLoad {
    return this.measure(this.closure([...this.htmlFiles, ...SIGNED_IN_MODULES]));
  }

  /** What a route adds on top of a signed-in first load. */
  routeExtra(moduleKey: string): FirstLoad {
    const base = this.closure([...this.htmlFiles, ...SIGNED_IN_MODULES]);
    return this.measure(this.closure([moduleKey, ...base]), base);
  }
}
