import { useSiteSettings } from '@/features/site/api/get-site-settings';

/** On every page of a demo shop: players must never mistake its stand-ins for real payments. */
export function DemoBanner() {
  const { data } = useSiteSettings();
  if (!data?.demo) return null;
  return (
    <p
      role="note"
      className="relative z-20 bg-amber-400 px-4 py-1.5 text-center text-xs font-semibold text-black sm:text-sm"
    >
      Демо-режим: вход, оплата и серверы ненастоящие — деньги не списываются.
    </p>
  );
}
