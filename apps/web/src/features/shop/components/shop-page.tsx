import { LogIn, PackageSearch } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingState } from '@/components/ui/spinner';
import { useProducts, type Product } from '../api/get-products';
import { ALL } from '../categories';
import { filterProducts, type ProductFilter } from '../filter-products';
import { ProductCard } from './product-card';
import { ShopFilters } from './shop-filters';

function serverNameOf(product: Product, servers: readonly { id: number; name: string }[]): string {
  if (product.server === null || product.server === undefined || product.server === ALL)
    return 'Все серверы';
  return (
    servers.find((server) => String(server.id) === String(product.server))?.name ??
    'Неизвестный сервер'
  );
}

export function ShopPage({
  isAuthenticated,
  servers,
  onBuy,
}: {
  isAuthenticated: boolean;
  servers: readonly { id: number; name: string }[];
  onBuy?: (product: Product) => void;
}) {
  const [filter, setFilter] = useState<ProductFilter>({ search: '', category: ALL, server: ALL });
  const products = useProducts({}, isAuthenticated);
  const visible = useMemo(
    () => filterProducts(products.data ?? [], filter),
    [products.data, filter],
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
        action={
          <Button asChild>
            <Link to="/login">Войти</Link>
          </Button>
        }
      />
    );
  else if (products.isPending) content = <LoadingState text="Загрузка товаров..." />;
  else if (visible.length === 0)
    content = <EmptyState icon={<PackageSearch />} title="Товары не найдены" />;
  else
    content = (
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
        {visible.map((product) => (
          <li key={product.id} className="flex">
            <ProductCard
              product={product}
              serverName={serverNameOf(product, servers)}
              onBuy={onBuy}
            />
          </li>
        ))}
      </ul>
    );

  return (
    <>
      <PageHeader
        title="Магазин"
        description="Покупайте оружие, ресурсы, наборы и привилегии для Rust — предметы доставляются на выбранный сервер сразу после оплаты."
      />
      <ShopFilters value={filter} onChange={setFilter} servers={servers} />
      {content}
    </>
  );
}
