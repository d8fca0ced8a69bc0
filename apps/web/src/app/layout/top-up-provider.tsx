import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { TopUpDialog } from '@/features/payments/components/top-up-dialog';

interface TopUpContextValue {
  openTopUp: () => void;
}

const TopUpContext = createContext<TopUpContextValue | null>(null);

/** One top-up dialog for the whole layout: the header chip, the mobile menu and the profile all open it. */
export function TopUpProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const openTopUp = useCallback(() => setOpen(true), []);
  const value = useMemo(() => ({ openTopUp }), [openTopUp]);
  return (
    <TopUpContext.Provider value={value}>
      {children}
      <TopUpDialog open={open} onOpenChange={setOpen} />
    </TopUpContext.Provider>
  );
}

export function useTopUp(): TopUpContextValue {
  const context = useContext(TopUpContext);
  if (!context) throw new Error('useTopUp must be used inside TopUpProvider');
  return context;
}
