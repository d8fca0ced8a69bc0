import type { Product } from '@shop/shared';
import { toProduct, type ProductsRepository } from './products-repository';

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

/**
 * The active catalogue, held in memory: buyers read it on every page, admins change it rarely.
 * An admin write here invalidates at once; other instances pick it up within MAX_AGE_MS.
 */
export function createCatalogCache(repo: ProductsRepository) {
  let products: Product[] | null = null;
  let loadedAt = 0;
  let loading: Promise<Product[]> | null = null;
  /** Serialised answers per filter set: the list changes only on admin writes. */
  let serialised = new Map<string, string>();

  /** Bumped by every admin write: a load that began before the write must not be kept after it. */
  let generation = 0;

  async function load(): Promise<Product[]> {
    const startedAt = generation;
    const fresh = (await repo.list()).filter((row) => row.isActive).map(toProduct);
    if (startedAt === generation) {
      products = fresh;
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
    invalidate() {
      generation += 1;
      products = null;
      loading = null;
      serialised = new Map();
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
