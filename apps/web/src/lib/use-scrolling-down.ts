import { useEffect, useState } from 'react';

/**
 * Classes of a floating button that steps aside: it slides out of the way, takes no taps, and comes
 * back the moment it gets keyboard focus.
 */
export const STEPPED_ASIDE =
  'pointer-events-none translate-y-24 opacity-0 focus-visible:pointer-events-auto focus-visible:translate-y-0 focus-visible:opacity-100';

/**
 * True while the reader scrolls down a page, false once they scroll up or reach its end. Floating
 * buttons (the support chat, the Discord pill) use it to leave the text and cards under them while
 * someone reads, and to be there again when they look for them.
 */
export function useScrollingDown(): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    // Reading the scroll position makes the browser lay the page out at once; at mount that would
    // happen inside the first render's effects, so the starting point is read with the next frame.
    let last = 0;
    let frame = requestAnimationFrame(() => {
      frame = 0;
      last = window.scrollY;
    });
    const check = () => {
      frame = 0;
      const y = window.scrollY;
      const atEnd = y + window.innerHeight >= document.documentElement.scrollHeight - 96;
      if (atEnd || y < 64) setDown(false);
      else if (Math.abs(y - last) >= 8) setDown(y > last);
      else return;
      last = y;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return down;
}
