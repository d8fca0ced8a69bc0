import { Home } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button-link';

export function NotFoundRoute() {
  return (
    <section className="flex min-h-[55vh] flex-col items-center justify-center gap-4 text-center">
      <p
        aria-hidden="true"
        className="font-display text-8xl font-extrabold text-primary/90 drop-shadow-[0_4px_30px_color-mix(in_srgb,var(--color-primary)_50%,transparent)] sm:text-9xl"
      >
        404
      </p>
      <h1 className="font-display text-3xl font-extrabold tracking-wide text-white uppercase">
        Страница не найдена
      </h1>
      <p className="max-w-md text-muted-foreground">
        Возможно, ссылка устарела или в адресе опечатка. Вернитесь на главную и продолжите оттуда.
      </p>
      <ButtonLink to="/" size="lg" className="mt-2">
        <Home aria-hidden="true" />
        На главную
      </ButtonLink>
    </section>
  );
}
