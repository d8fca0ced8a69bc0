import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function CartPage() {
  return (
    <>
      <PageHeader title="Корзина" />
      <EmptyState
        icon={<ShoppingCart />}
        title="Корзина пуста"
        description="Добавьте предметы из магазина, и они появятся здесь."
        action={
          <Button asChild>
            <Link to="/shop">Перейти в магазин</Link>
          </Button>
        }
      />
    </>
  );
}
