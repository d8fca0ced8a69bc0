import type { Product } from '@shop/shared';
import type { ItemIcons } from '../catalog/item-icons';
import type { ServerRow } from '../servers/servers-repository';
import { toProduct, type ProductRow, type ProductsRepository } from './products-repository';

export interface ProductFilters {
  category?: string | undefined;
  server?: string | undefined;
  search?: string | undefined;
  popular?: boolean | undefined;
}

/** SPEC §5: case-insensitive substring over four fields; an 'all' product matches any server. */
export function matchesFilters(product: Product, filters: ProductFilters): boolean {
  if (filters.category && product.category !== filters.category) return false;
  if (filters.server && filters.server !== 'all' && product.server !== 'all') {
    if (product.server !== filters.server) return false;
  }
  if (filters.popular !== undefined && product.popular !== filters.popular) return false;
  const needle = filters.search?.trim().toLocaleLowerCase('ru');
  if (needle) {
    const haystack = [
      product.name,
      product.originalName,
      product.description,
      product.gameItemName,
    ];
    if (!haystack.some((text) => text?.toLocaleLowerCase('ru').includes(needle))) return false;
  }
  return true;
}

const MAX_AGE_MS = 30_000;
const MAX_CACHED_QUERIES = 500;

const queryKey = (filters: ProductFilters) =>
  [
    filters.category ?? '',
    filters.server ?? '',
    filters.search?.trim().toLowerCase() ?? '',
    filters.popular ?? '',
  ].join('\u0000');

/** What a purchase reads from memory; its statement checks both against their rows. */
export interface PurchaseView {
  product: ProductRow | undefined;
  server: ServerRow | undefined;
}

/**
 * The active catalogue and the servers, held in memory: buyers read them on every page and
 * purchase, admins change them rarely. An admin write here invalidates at once, on every process
 * when they share Redis (else within MAX_AGE_MS); a purchase whose statement finds a row changed
 * reloads too.
 */
export function createCatalogCache(
  repo: ProductsRepository,
  listServers: () => Promise<ServerRow[]>,
  icons: ItemIcons,
  /** Told of every admin change (`invalidate`), to tell the other processes. */
  onChange: () => void = () => undefined,
) {
  let products: Product[] | null = null;
  let productRows = new Map<number, ProductRow>();
  let serverRows = new Map<number, ServerRow>();
  let loadedAt = 0;
  let loading: Promise<Product[]> | null = null;
  /** Serialised answers per filter set: the list changes only on admin writes. */
  let serialised = new Map<string, string>();

  /** Bumped by every admin write: a load that began before the write must not be kept after it. */
  let generation = 0;

  async function load(): Promise<Product[]> {
    const startedAt = generation;
    const [rows, servers, iconOf] = await Promise.all([repo.list(), listServers(), icons.lookup()]);
    const active = rows.filter((row) => row.isActive);
    const fresh = active.map((row) => toProduct(row, iconOf));
    if (startedAt === generation) {
      products = fresh;
      productRows = new Map(active.map((row) => [row.id, row]));
      serverRows = new Map(servers.map((row) => [row.id, row]));
      serialised = new Map();
      loadedAt = Date.now();
    }
    return fresh;
  }

  return {
    async all(): Promise<Product[]> {
      if (products && Date.now() - loadedAt < MAX_AGE_MS) return products;
      loading ??= load().finally(() => {
        loading = null;
      });
      return loading;
    },
    /** An active product's row and a server's row as last loaded (maybe stale: check them). */
    async purchaseView(productId: number, serverId: number): Promise<PurchaseView> {
      await this.all();
      return { product: productRows.get(productId), server: serverRows.get(serverId) };
    },
    /** The JSON of `query(filters)`, built once per filter set until the catalogue changes. */
    async queryJson(filters: ProductFilters): Promise<string> {
      const all = await this.all();
      const key = queryKey(filters);
      let json = serialised.get(key);
      if (json === undefined) {
        json = JSON.stringify(all.filter((product) => matchesFilters(product, filters)));
        if (serialised.size >= MAX_CACHED_QUERIES) serialised.clear();
        serialised.set(key, json);
      }
      return json;
    },
    /** An admin changed the catalogue: this process reloads, and the others are told. */
    invalidate() {
      this.reload();
      onChange();
    },
    /** Reload on the next read (another process's change, or a row a purchase found changed). */
    reload() {
      generation += 1;
      products = null;
      loading = null;
      serialised = new Map();
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
