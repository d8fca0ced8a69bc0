import { useLayoutEffect, useRef } from 'react';
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
  const firstRender = useRef(true);
  useLayoutEffect(() => {
    // The page a visit opens on stays where the browser put it (a reload restores the position);
    // scrolling there would also force a layout in the middle of taking over the prerendered page.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (!cameFromHistory) window.scrollTo(0, 0);
    cameFromHistory = false;
  }, [pathname]);
  return null;
}
