import { deliveryMethodOf } from '@shop/shared';
import type { Product, PublicServer, PublicSite } from '@shop/shared';
import { LogIn, PackageSearch } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingState } from '@/components/ui/spinner';
import { useProducts } from '../api/get-products';
import { ALL, categoryLabel, categoryOptions } from '../categories';
import {
  filterProducts,
  isLockedFor,
  productServerName,
  type ProductFilter,
} from '../filter-products';
import { ProductCard } from './product-card';
import { ShopFilters } from './shop-filters';

type ShopServer = Pick<PublicServer, 'id' | 'name' | 'status' | 'isPluginEnabled'>;

export function ShopPage({
  site,
  isAuthenticated,
  userId,
  servers,
  onBuy,
}: {
  /** The owner's subtitle and categories; undefined before the settings arrive. */
  site: Pick<PublicSite, 'categories' | 'texts'> | undefined;
  isAuthenticated: boolean;
  userId: number | null;
  servers: readonly ShopServer[];
  onBuy?: (product: Product) => void;
}) {
  const [filter, setFilter] = useState<ProductFilter>({ search: '', category: ALL, server: ALL });
  const products = useProducts({}, isAuthenticated);
  const categories = useMemo(() => categoryOptions(site), [site]);
  const visible = useMemo(
    () => filterProducts(products.data ?? [], filter),
    [products.data, filter],
  );
  // Servers hidden from buyers are not something to filter by; their names still label old products.
  const filterServers = useMemo(
    () => servers.filter((server) => deliveryMethodOf(server) !== 'hidden'),
    [servers],
  );

  useEffect(() => {
    // A service worker left by an older version of the site could serve stale prices; drop it.
    void navigator.serviceWorker
      ?.getRegistrations()
      .then((registrations) =>
        registrations.forEach((registration) => void registration.unregister()),
      )
      .catch(() => undefined);
  }, []);

  let content: React.ReactNode;
  if (!isAuthenticated)
    content = (
      <EmptyState
        icon={<LogIn />}
        title="Войдите в аккаунт для просмотра товаров"
        description="Некоторые товары доступны только авторизованным пользователям"
        action={<ButtonLink to="/login">Войти</ButtonLink>}
      />
    );
  else if (products.isPending) content = <LoadingState text="Загрузка товаров..." />;
  else if (products.isError)
    content = (
      <EmptyState
        tone="error"
        icon={<PackageSearch />}
        title={`Ошибка: ${products.error.message}`}
      />
    );
  else if (visible.length === 0)
    content = <EmptyState icon={<PackageSearch />} title="Товары не найдены" />;
  else
    content = (
      <ul
        aria-label="Товары"
        className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
      >
        {visible.map((product) => (
          <li key={product.id} className="flex">
            <ProductCard
              product={product}
              categoryName={categoryLabel(product.category, site)}
              serverName={productServerName(product.server, servers)}
              servers={servers}
              filterServerId={filter.server === ALL ? null : Number(filter.server)}
              locked={isLockedFor(product, userId)}
              onBuy={onBuy}
            />
          </li>
        ))}
      </ul>
    );

  return (
    <>
      {/* Called what the owner calls it in the menu. */}
      <PageHeader
        title={site?.texts.nav.shop || 'Магазин'}
        description={site?.texts.shop.subtitle}
      />
      <ShopFilters
        value={filter}
        onChange={setFilter}
        categories={categories}
        servers={filterServers}
      />
      {content}
    </>
  );
}
