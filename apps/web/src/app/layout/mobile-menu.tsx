import type { User } from '@shop/shared';
import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';

const MobileMenuSheet = lazy(() => import('./mobile-menu-sheet'));

/** Below 768 px the header collapses into this button; the sheet's code loads on the first tap. */
export function MobileMenu({ user }: { user: User | null }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [pathname] = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  // Following a link inside the sheet closes it.
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }

  return (
    <>
      <Button
        variant="outline"
        size="icon"
        className="md:hidden"
        aria-label="Открыть меню"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" />
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} user={user} />
        </Suspense>
      )}
    </>
  );
}
