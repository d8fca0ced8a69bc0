import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

/**
 * The end of a long list that loads its next page on its own when scrolled near (400 px before it
 * shows), with a button for keyboards and for browsers that do not observe intersections.
 */
export function LoadMore({
  hasMore,
  loading,
  onMore,
  label = 'Показать ещё',
}: {
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  label?: string;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  // The latest callback without observing anew on every render.
  const more = useRef(onMore);
  useEffect(() => {
    more.current = onMore;
  });

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) more.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="flex justify-center py-4">
      <Button variant="outline" onClick={onMore} disabled={loading} aria-busy={loading}>
        {loading && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        {loading ? 'Загрузка...' : label}
      </Button>
    </div>
  );
}
