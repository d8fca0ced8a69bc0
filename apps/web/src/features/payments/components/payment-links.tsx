import { Home, RotateCcw, ShoppingCart, User } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

/** The ways out of a payment result page, the same on every one of them. */
export function HomeLink() {
  return (
    <Button asChild variant="secondary">
      <Link to="/">
        <Home aria-hidden="true" />
        На главную
      </Link>
    </Button>
  );
}

export function ProfileLink() {
  return (
    <Button asChild>
      <Link to="/profile">
        <User aria-hidden="true" />
        Профиль
      </Link>
    </Button>
  );
}

export function RetryLink() {
  return (
    <Button asChild>
      <Link to="/cart">
        <RotateCcw aria-hidden="true" />
        Попробовать снова
      </Link>
    </Button>
  );
}

export function CartLink() {
  return (
    <Button asChild>
      <Link to="/cart">
        <ShoppingCart aria-hidden="true" />В корзину
      </Link>
    </Button>
  );
}
