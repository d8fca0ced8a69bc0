import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from 'react';

export type LegalDocument = 'agreement' | 'privacy' | 'rules' | 'contacts';

const LegalDialogs = lazy(() => import('./legal-dialogs'));
const OpenLegalContext = createContext<(document: LegalDocument) => void>(() => {});

/**
 * One place opens the footer's and the header's texts. Their words and the dialog parts load on the
 * first click, not with the page; focus returns to the button that opened them.
 */
export function LegalDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<LegalDocument | null>(null);
  return (
    <OpenLegalContext.Provider value={setOpen}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <LegalDialogs document={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </OpenLegalContext.Provider>
  );
}

export function useOpenLegal(): (document: LegalDocument) => void {
  return useContext(OpenLegalContext);
}
