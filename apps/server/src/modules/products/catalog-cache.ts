import { deliveryMethodOf, type Product } from '@shop/shared';
import type { ItemIcons } from '../catalog/item-icons';
import {
  nextPriceChange,
  priceInForce,
  type PriceInForce,
  type PricedProduct,
  type SaleTerms,
} from '../sales/price-in-force';
import type { LastWipesReader } from '../sales/purchase-pricing';
import type { ServerRow } from '../servers/servers-repository';
import { matchesFilters, queryKey, type ProductFilters } from './catalog-filters';
import { withPriceInForce } from './catalog-prices';
import { createLastWipesCache } from './catalog-wipes';
import { toProduct, type ProductRow, type ProductsRepository } from './products-repository';

const MAX_AGE_MS = 30_000;
const MAX_CACHED_QUERIES = 500;

/** Where prices come from besides the products: the sales, and the last wipes. */
export interface PricingSource {
  /** Every sale (a cache keeps them all: few rows, changed only by admins). */
  listSales: () => Promise<SaleTerms[]>;
  lastWipesAt: LastWipesReader;
}

/** What a purchase reads from memory; its statement checks all of it against the rows. */
export interface PurchaseView {
  product: ProductRow | undefined;
  server: ServerRow | undefined;
  /** The product's price in force on that server at `at`, by the cached sales and last wipes. */
  price: PriceInForce | undefined;
  at: Date;
}

/** One load of the catalogue: the active products, the servers and the sales, as of one moment. */
interface Loaded {
  products: Product[];
  rows: Map<number, ProductRow>;
  servers: Map<number, ServerRow>;
  sales: SaleTerms[];
  /** Servers a product sold on every server may be bought for (not hidden). */
  sellingServers: number[];
  /** The products' wipe block lengths, for when a block ends. */
  blockHours: Set<number>;
  at: number;
}

/**
 * The products with their prices in force, for one load and one reading of the last wipes, until
 * the next moment a sale starts or ends or a block ends: until then every price stays as it is.
 */
interface Priced {
  loaded: Loaded;
  lastWipes: Map<number, Date>;
  until: number;
  /** By the server a request filters by ('' for none). */
  lists: Map<string, Product[]>;
  /** Serialised answers per filter set. */
  json: Map<string, string>;
}

/**
 * The active catalogue, the servers and the sales, held in memory: buyers read them on every page
 * and purchase, admins change them rarely. An admin write here (a sale's too) invalidates at once,
 * on every process when they share Redis (else within MAX_AGE_MS); a purchase whose statement
 * finds a row, a sale or a wipe changed reloads too. Prices in force are worked out from these and
 * the last wipes (catalog-wipes.ts) per request, and reused until the next moment one can change.
 */
export function createCatalogCache(
  repo: ProductsRepository,
  listServers: () => Promise<ServerRow[]>,
  icons: ItemIcons,
  pricing: PricingSource,
  /** Told of every admin change (`invalidate`), to tell the other processes. */
  onChange: () => void = () => undefined,
) {
  let loaded: Loaded | null = null;
  let loading: Promise<Loaded> | null = null;
  const lastWipes = createLastWipesCache(pricing.lastWipesAt);
  let priced: Priced | null = null;

  /** Bumped by every admin write: a load that began before the write must not be kept after it. */
  let generation = 0;

  async function load(): Promise<Loaded> {
    const startedAt = generation;
    const [rows, servers, iconOf, sales] = await Promise.all([
      repo.list(),
      listServers(),
      icons.lookup(),
      pricing.listSales(),
    ]);
    const active = rows.filter((row) => row.isActive);
    const itemOf = await repo.kitItemsOf(active);
    const fresh: Loaded = {
      products: active.map((row) => toProduct(row, iconOf, itemOf)),
      rows: new Map(active.map((row) => [row.id, row])),
      servers: new Map(servers.map((row) => [row.id, row])),
      sales,
      sellingServers: servers
        .filter((row) => deliveryMethodOf(row) !== 'hidden')
        .map((row) => row.id),
      blockHours: new Set(active.map((row) => row.wipeBlockHours)),
      at: Date.now(),
    };
    if (startedAt === generation) loaded = fresh;
    return fresh;
  }

  async function current(): Promise<Loaded> {
    if (loaded && Date.now() - loaded.at < MAX_AGE_MS) return loaded;
    loading ??= load().finally(() => {
      loading = null;
    });
    return loading;
  }

  /** The prices in force now, reused while nothing they depend on changed and no sale or block turned. */
  async function currentPrices(): Promise<Priced> {
    const [catalogue, wipes] = await Promise.all([current(), lastWipes.current()]);
    const now = Date.now();
    if (priced?.loaded === catalogue && priced.lastWipes === wipes && priced.until > now) {
      return priced;
    }
    const next = nextPriceChange(
      new Date(now),
      { sales: catalogue.sales, lastWipes: wipes },
      catalogue.blockHours,
    );
    priced = {
      loaded: catalogue,
      lastWipes: wipes,
      until: next?.getTime() ?? Number.POSITIVE_INFINITY,
      lists: new Map(),
      json: new Map(),
    };
    return priced;
  }

  function listFor(prices: Priced, filteredServer: number | null): Product[] {
    // A server the shop does not have prices as none (no wipe, no wipe sale of its own), and
    // sharing that list keeps a request's made-up server ids from filling memory.
    const serverId =
      filteredServer !== null && prices.loaded.servers.has(filteredServer) ? filteredServer : null;
    const key = serverId === null ? '' : String(serverId);
    let list = prices.lists.get(key);
    if (list === undefined) {
      const { loaded: catalogue, lastWipes: wipes } = prices;
      const state = { sales: catalogue.sales, lastWipes: wipes };
      const at = new Date();
      list = catalogue.products.map((product) =>
        withPriceInForce(
          product,
          catalogue.rows.get(product.id)!,
          serverId,
          catalogue.sellingServers,
          at,
          state,
        ),
      );
      prices.lists.set(key, list);
    }
    return list;
  }

  const serverOf = (filters: ProductFilters) =>
    filters.server && filters.server !== 'all' ? Number(filters.server) : null;

  return {
    /** Every active product at its price in force now, for no server in particular. */
    async all(): Promise<Product[]> {
      return listFor(await currentPrices(), null);
    },
    /** An active product's row and a server's row as last loaded (maybe stale: check them). */
    async purchaseView(productId: number, serverId: number): Promise<PurchaseView> {
      const [catalogue, wipes] = await Promise.all([current(), lastWipes.current()]);
      const product = catalogue.rows.get(productId);
      const at = new Date();
      return {
        product,
        server: catalogue.servers.get(serverId),
        price:
          product &&
          priceInForce(product, serverId, at, { sales: catalogue.sales, lastWipes: wipes }),
        at,
      };
    },
    /** Each server's last wipe, as the catalogue prices by it now (WIPES_MAX_AGE_MS). */
    lastWipes: (): Promise<ReadonlyMap<number, Date>> => lastWipes.current(),
    /** Prices in force now of any product row (a cart's lines), by the cached sales and wipes. */
    async pricesNow(): Promise<(product: PricedProduct, serverId: number | null) => PriceInForce> {
      const [catalogue, wipes] = await Promise.all([current(), lastWipes.current()]);
      const at = new Date();
      const state = { sales: catalogue.sales, lastWipes: wipes };
      return (product, serverId) => priceInForce(product, serverId, at, state);
    },
    /** The JSON of the filtered catalogue, built once per filter set until a price can change. */
    async queryJson(filters: ProductFilters): Promise<string> {
      const prices = await currentPrices();
      const key = queryKey(filters);
      let json = prices.json.get(key);
      if (json === undefined) {
        const list = listFor(prices, serverOf(filters));
        json = JSON.stringify(list.filter((product) => matchesFilters(product, filters)));
        if (prices.json.size >= MAX_CACHED_QUERIES) prices.json.clear();
        prices.json.set(key, json);
      }
      return json;
    },
    /** An admin changed the catalogue or the sales: this process reloads, and the others are told. */
    invalidate() {
      this.reload();
      onChange();
    },
    /**
     * Reload on the next read: another process's change, a row, sale or wipe a purchase found
     * changed, or a wipe this process recorded.
     */
    reload() {
      generation += 1;
      loaded = null;
      loading = null;
      lastWipes.forget();
      priced = null;
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
