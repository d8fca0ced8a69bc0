import { useState } from 'react';

/**
 * Radix gives focus back to its own Trigger when a dialog closes; a dialog opened from elsewhere (a
 * lazily loaded one, or one opened by a plain button) would leave focus on <body>. This remembers
 * what had focus when the dialog appeared and returns focus there, for every dialog alike.
 */
export function useReturnFocus(): (event: Event) => void {
  const [opener] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  );
  return (event) => {
    if (!opener || opener === document.body || !opener.isConnected) return;
    event.preventDefault();
    opener.focus();
  };
}
