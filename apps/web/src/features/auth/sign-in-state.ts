/**
 * The state of a sign-in this tab started: made when the player presses «Войти через Steam», kept in
 * sessionStorage (this tab only) and shown with the code Steam's return brings back. The shop keeps
 * its hash with the code, so a sign-in someone else started cannot finish in this browser.
 */
const STATE_KEY = 'signin-state';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A fresh state for a sign-in about to start; it replaces any earlier unfinished one. */
export function startSignInState(): string {
  const state = base64url(crypto.getRandomValues(new Uint8Array(32)));
  storage()?.setItem(STATE_KEY, state);
  return state;
}

/** The state of this tab's sign-in, once: a code can be traded a single time anyway. */
export function takeSignInState(): string | undefined {
  const store = storage();
  const state = store?.getItem(STATE_KEY) ?? undefined;
  store?.removeItem(STATE_KEY);
  return state;
}
