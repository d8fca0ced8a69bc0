import { Home, RotateCcw, ShoppingCart, User } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button-link';

/** The ways out of a payment result page, the same on every one of them. */
export function HomeLink() {
  return (
    <ButtonLink to="/" variant="secondary">
      <Home aria-hidden="true" />
      На главную
    </ButtonLink>
  );
}

export function ProfileLink() {
  return (
    <ButtonLink to="/profile">
      <User aria-hidden="true" />
      Профиль
    </ButtonLink>
  );
}

export function RetryLink() {
  return (
    <ButtonLink to="/cart">
      <RotateCcw aria-hidden="true" />
      Попробовать снова
    </ButtonLink>
  );
}

export function CartLink() {
  return (
    <ButtonLink to="/cart">
      <ShoppingCart aria-hidden="true" />В корзину
    </ButtonLink>
  );
}
