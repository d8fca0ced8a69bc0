import { createContext, useContext } from 'react';
import { useSiteSettings } from '@/features/site/api/get-site-settings';

/**
 * Whether the page was prerendered with the banner (build/prerender-pages.ts marks such a copy
 * `<html data-demo>`): until the settings arrive, the banner stays where the HTML drew it, so the
 * page does not jump when the script takes over.
 */
const PrerenderedAsDemo = createContext(
  typeof document !== 'undefined' && document.documentElement.dataset.demo === 'true',
);
export const PrerenderedAsDemoProvider = PrerenderedAsDemo.Provider;

/** On every page of a demo shop: players must never mistake its stand-ins for real payments. */
export function DemoBanner() {
  const { data } = useSiteSettings();
  const prerenderedAsDemo = useContext(PrerenderedAsDemo);
  if (!(data?.demo ?? prerenderedAsDemo)) return null;
  return (
    <p
      role="note"
      className="relative z-20 bg-amber-400 px-4 py-1.5 text-center text-xs font-semibold text-black sm:text-sm"
    >
      Демо-режим: вход, оплата и серверы ненастоящие — деньги не списываются.
    </p>
  );
}
