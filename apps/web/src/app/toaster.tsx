import { useEffect } from 'react';
import * as sonner from 'sonner';
import { toasterHost } from '@/lib/toast';

/** Loaded with the first toast (lib/toast); the settings SPEC asks for every notification. */
export default function AppToaster() {
  useEffect(() => toasterHost.ready(sonner), []);
  return (
    <sonner.Toaster
      theme="dark"
      position="top-right"
      richColors
      closeButton
      visibleToasts={3}
      hotkey={['altKey', 'KeyT']}
      duration={4_500}
      containerAriaLabel="Уведомления"
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
