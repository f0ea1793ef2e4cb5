import { api } from '../api/client';
import { call } from '../api/service-error';
import { readStoredSession, refreshDelayMs, StoredSession, writeStoredSession } from './stored-session';

type Listener = () => void;

/**
 * The one place the session lives: sessionStorage, the client's X-Session-ID, and the refresh
 * timer. React reads it through useSession (useSyncExternalStore).
 */
class SessionStore {
  private session: StoredSession | undefined;
  private readonly listeners = new Set<Listener>();
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    this.session = readStoredSession(sessionStorage);
    api.setSession(this.session?.token);
    this.scheduleRefresh();
  }

  current = (): StoredSession | undefined => this.session;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  async signIn(username: string, password: string): Promise<void> {
    const body = await call('cache', () => api.session.login({ username, password }));
    this.set(body);
  }

  async continueAnonymously(): Promise<void> {
    const body = await call('cache', () => api.session.anonymous({}));
    this.set(body);
  }

  /** Revokes the session on the server; the local copy goes even when the server cannot be reached. */
  async signOut(): Promise<void> {
    try {
      if (this.session) await call('cache', () => api.session.logout());
    } finally {
      this.set(undefined);
    }
  }

  /** The server refused the session (401): forget it so the app goes back to sign-in. */
  expire(): void {
    if (this.session) this.set(undefined);
  }

  async refresh(): Promise<void> {
    if (!this.session) return;
    const body = await call('cache', () => api.session.refresh());
    this.set({ ...this.session, token: body.token, expires_at: body.expires_at });
  }

  private set(session: StoredSession | undefined): void {
    this.session = session && {
      token: session.token,
      username: session.username,
      role: session.role,
      privileges: session.privileges,
      expires_at: session.expires_at,
    };
    writeStoredSession(sessionStorage, this.session);
    api.setSession(this.session?.token);
    this.scheduleRefresh();
    for (const listener of this.listeners) listener();
  }

  private scheduleRefresh(): void {
    clearTimeout(this.refreshTimer);
    if (!this.session) return;
    this.refreshTimer = setTimeout(
      () => {
        this.refresh().catch(() => this.expire());
      },
      refreshDelayMs(this.session.expires_at, Date.now()),
    );
  }
}

export const sessionStore = new SessionStore();
