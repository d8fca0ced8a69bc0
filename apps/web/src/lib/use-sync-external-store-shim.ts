// wouter imports `use-sync-external-store/shim` so it also runs on React 17; React 19 has the hook
// built in, and the shim's fallback would only add its bytes to the first load (vite.config.ts).
export { useSyncExternalStore } from 'react';
