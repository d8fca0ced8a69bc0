import { useLayoutEffect } from 'react';
import { useLocation } from 'wouter';

// Back and forward keep the position the browser restores; only a followed link starts at the top.
// (No window when the build prerenders the page.)
let cameFromHistory = false;
if (typeof window !== 'undefined') {
  addEventListener('popstate', () => {
    cameFromHistory = true;
  });
}

export function ScrollToTop() {
  const [pathname] = useLocation();
  useLayoutEffect(() => {
    if (!cameFromHistory) window.scrollTo(0, 0);
    cameFromHistory = false;
  }, [pathname]);
  return null;
}
