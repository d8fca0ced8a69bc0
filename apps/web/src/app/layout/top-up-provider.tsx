import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useSite } from '@/features/site/api/get-site-settings';

// The form, its schema and the dialog parts arrive with the first «Пополнить», not with the page.
const TopUpDialog = lazy(async () => ({
  default: (await import('@/features/payments/components/top-up-dialog')).TopUpDialog,
}));

export interface TopUpOptions {
  amount?: number;
  /** SPEC §2: the cart keeps its page and pays in a new tab; everything else goes in this window. */
  redirect?: 'same-window' | 'new-tab';
}

interface TopUpContextValue {
  /** Plain opening, fit for an onClick: an empty form, payment in this window. */
  openTopUp: () => void;
  openTopUpWith: (options: TopUpOptions) => void;
}

const TopUpContext = createContext<TopUpContextValue | null>(null);

/** One top-up dialog for the whole layout: the header chip, the mobile menu, the profile and the cart. */
export function TopUpProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [options, setOptions] = useState<TopUpOptions>({});
  const terms = useSite()?.topUp;
  const openTopUpWith = useCallback((next: TopUpOptions) => {
    setOptions(next);
    setLoaded(true);
    setOpen(true);
  }, []);
  const openTopUp = useCallback(() => openTopUpWith({}), [openTopUpWith]);
  const value = useMemo(() => ({ openTopUp, openTopUpWith }), [openTopUp, openTopUpWith]);
  return (
    <TopUpContext.Provider value={value}>
      {children}
      {loaded && (
        <Suspense fallback={null}>
          <TopUpDialog
            open={open}
            onOpenChange={setOpen}
            initialAmount={options.amount}
            redirect={options.redirect}
            terms={terms}
          />
        </Suspense>
      )}
    </TopUpContext.Provider>
  );
}

export function useTopUp(): TopUpContextValue {
  const context = useContext(TopUpContext);
  if (!context) throw new Error('useTopUp must be used inside TopUpProvider');
  return context;
}
