import type * as SonnerModule from 'sonner';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * Toasts without sonner in the first load: most visits never show one, so the library and its
 * <Toaster> arrive with the first toast. Calls made before then are replayed once it is mounted.
 */
type Sonner = typeof SonnerModule;
type Kind = 'success' | 'error' | 'info' | 'warning';
type Message = Parameters<typeof sonnerToast.success>[0];

let loading: Promise<Sonner> | null = null;
let mounted = false;
const pending: Array<(sonner: Sonner) => void> = [];
const hostListeners = new Set<() => void>();

export function loadToaster(): Promise<Sonner> {
  if (!loading) {
    loading = import('sonner');
    hostListeners.forEach((listener) => listener());
  }
  return loading;
}

/** For the host component: whether the <Toaster> should be rendered yet. */
export const toasterHost = {
  subscribe: (listener: () => void) => {
    hostListeners.add(listener);
    return () => hostListeners.delete(listener);
  },
  requested: () => loading !== null,
  /** Called by the host once the <Toaster> listens: queued toasts go out now. */
  ready(sonner: Sonner) {
    mounted = true;
    pending.splice(0).forEach((show) => show(sonner));
  },
};

function show(kind: Kind, message: Message, options?: ExternalToast): void {
  const run = (sonner: Sonner) => {
    sonner.toast[kind](message, options);
  };
  void loadToaster().then((sonner) => {
    if (mounted) run(sonner);
    else pending.push(run);
  });
}

export const toast = {
  success: (message: Message, options?: ExternalToast) => show('success', message, options),
  error: (message: Message, options?: ExternalToast) => show('error', message, options),
  info: (message: Message, options?: ExternalToast) => show('info', message, options),
  warning: (message: Message, options?: ExternalToast) => show('warning', message, options),
};
