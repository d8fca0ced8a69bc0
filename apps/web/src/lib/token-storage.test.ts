import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalTokenStorage, TOKEN_KEY } from './token-storage';

/** The browser's localStorage as another tab changes it: the value, then a `storage` event here. */
function browserWithStorage() {
  const values = new Map<string, string>();
  const storage = {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
  const page = new EventTarget();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('window', page);
  const otherTab = (key: string | null, newValue: string | null) => {
    const oldValue = key ? storage.getItem(key) : null;
    if (key === null) values.clear();
    else if (newValue === null) values.delete(key);
    else values.set(key, newValue);
    page.dispatchEvent(Object.assign(new Event('storage'), { key, oldValue, newValue }));
  };
  return { storage, otherTab };
}

afterEach(() => vi.unstubAllGlobals());

describe('the login token in localStorage', () => {
  it('tells of a session another tab ended before the re-render that forgets the listener', () => {
    const browser = browserWithStorage();
    browser.storage.setItem(TOKEN_KEY, 'live');
    const tokens = createLocalTokenStorage();
    const heard: string[] = [];
    const stopHearingEnd = tokens.onEndedElsewhere(() => heard.push('ended'));
    // What React does when the token changes: the signed-in effect is cleaned up, its listener gone.
    tokens.subscribe(() => {
      heard.push('token changed');
      stopHearingEnd();
    });

    browser.otherTab(TOKEN_KEY, null);

    expect(heard).toEqual(['ended', 'token changed']);
    expect(tokens.get()).toBeNull();
  });

  it('treats a cleared storage as an ended session, and a sign-in elsewhere as none', () => {
    const browser = browserWithStorage();
    const tokens = createLocalTokenStorage();
    let ended = 0;
    let changed = 0;
    tokens.onEndedElsewhere(() => (ended += 1));
    tokens.subscribe(() => (changed += 1));

    browser.otherTab(TOKEN_KEY, 'fresh');
    browser.otherTab('theme', 'dark');
    expect([ended, changed]).toEqual([0, 1]);

    browser.otherTab(null, null);
    expect([ended, changed]).toEqual([1, 2]);
  });

  it('forgets a refused token only while it is still the stored one', () => {
    const browser = browserWithStorage();
    browser.storage.setItem(TOKEN_KEY, 'fresh');
    const tokens = createLocalTokenStorage();
    let ended = 0;
    tokens.onEndedElsewhere(() => (ended += 1));

    tokens.reject('ended-before-sign-in');
    expect(tokens.get()).toBe('fresh');
    tokens.reject('fresh');
    expect(tokens.get()).toBeNull();
    // The tab's own sign-out is not an ending from elsewhere.
    tokens.set('again');
    tokens.remove();
    expect(ended).toBe(1);
  });
});
