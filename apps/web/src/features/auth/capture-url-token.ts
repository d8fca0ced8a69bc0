import { tokenStorage } from '@/lib/token-storage';

/**
 * The server's Steam callback sends the browser back with `?token=...`. Store it and rewrite the
 * address without it before the first render, so the token never stays in history or gets shared
 * with a copied link.
 */
export function captureTokenFromUrl(location: Location = window.location): void {
  const url = new URL(location.href);
  const token = url.searchParams.get('token');
  if (token === null) return;
  if (token.trim()) tokenStorage.set(token.trim());
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
