import { create } from 'zustand';

/** localStorage key of the session token (docs/decisions/001). */
export const TOKEN_STORAGE_KEY = 'token';

export type SessionState = {
  token: string | null;
  setToken(token: string): void;
  clear(): void;
};

function readToken(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeToken(token: string | null): void {
  try {
    if (typeof localStorage === 'undefined') return;
    if (token === null) localStorage.removeItem(TOKEN_STORAGE_KEY);
    else localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage can be unavailable (private mode, quota); the in-memory session still works.
  }
}

/**
 * The session (zustand), persisted as the raw token string in `localStorage["token"]`.
 * One store for the whole page: `@portal/kit` is a Module Federation singleton.
 */
export const useSession = create<SessionState>()((set) => ({
  token: readToken(),
  setToken(token) {
    writeToken(token);
    set({ token });
  },
  clear() {
    writeToken(null);
    set({ token: null });
  },
}));

// Another tab logging in or out changes the token here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_STORAGE_KEY || event.key === null) {
      useSession.setState({ token: readToken() });
    }
  });
}
