import { api } from '../api/client';
import { call } from '../api/service-error';
import { isSessionMessage, JOIN_WAIT_MS, SESSION_CHANNEL, type SessionMessage } from './session-channel';
import { readStoredSession, refreshDelayMs, StoredSession, writeStoredSession } from './stored-session';

type Listener = () => void;

export const REVOKED_REASON = 'Your session ended: it was signed out elsewhere, revoked or expired. Sign in again.';
export const SIGNED_OUT_ELSEWHERE = 'You signed out in another tab of this browser.';

/**
 * The one place the session lives: this tab's sessionStorage, the client's X-Session-ID, and the
 * refresh timer. The browser's tabs share one session over a same-origin BroadcastChannel: a new
 * tab asks the open ones for it (and waits up to JOIN_WAIT_MS before showing sign-in), and a
 * sign-in, refresh or sign-out in one tab reaches the others. The token is never written where it
 * outlives the tabs (localStorage) or travels by itself (a cookie). React reads the store through
 * useSession (useSyncExternalStore).
 */
class SessionStore {
  private session: StoredSession | undefined;
  private joining: boolean;
  private reason: string | undefined;
  private readonly listeners = new Set<Listener>();
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly channel: BroadcastChannel | undefined;

  constructor() {
    this.session = readStoredSession(sessionStorage);
    api.setSession(this.session?.token);
    this.scheduleRefresh();
    this.channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : undefined;
    this.channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (isSessionMessage(event.data)) this.receive(event.data);
    });
    this.joining = !this.session && this.channel !== undefined;
    if (this.joining) {
      this.post({ type: 'ask' });
      setTimeout(() => this.finishJoining(), JOIN_WAIT_MS);
    }
  }

  current = (): StoredSession | undefined => this.session;

  /** True while a new tab waits for the other tabs' session. */
  isJoining = (): boolean => this.joining;

  /** Why the last session ended when the user did not sign out here (shown on sign-in). */
  endReason = (): string | undefined => this.reason;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  async signIn(username: string, password: string): Promise<void> {
    const body = await call('cache', () => api.session.login({ username, password }));
    this.change(body);
  }

  async continueAnonymously(): Promise<void> {
    const body = await call('cache', () => api.session.anonymous({}));
    this.change(body);
  }

  /** Revokes the session on the server; the local copy goes even when the server cannot be reached. */
  async signOut(): Promise<void> {
    try {
      if (this.session) await call('cache', () => api.session.logout());
    } finally {
      this.change(undefined, SIGNED_OUT_ELSEWHERE);
      this.reason = undefined;
    }
  }

  /** The server refused the session (401): forget it in every tab so the app goes back to sign-in. */
  expire(): void {
    if (this.session) this.change(undefined, REVOKED_REASON);
  }

  async refresh(): Promise<void> {
    if (!this.session) return;
    const body = await call('cache', () => api.session.refresh());
    this.change({ ...this.session, token: body.token, expires_at: body.expires_at });
  }

  /** A change made in this tab: kept here and told to the other tabs. */
  private change(session: StoredSession | undefined, reason?: string): void {
    this.set(session, reason);
    this.post({ type: 'changed', session: this.session, reason });
  }

  private receive(message: SessionMessage): void {
    if (message.type === 'ask') {
      if (this.session) this.post({ type: 'answer', session: this.session });
    } else if (message.type === 'answer') {
      if (this.joining && !this.session) {
        this.set(message.session);
        this.finishJoining();
      }
    } else {
      this.set(message.session, message.reason);
    }
  }

  private finishJoining(): void {
    if (!this.joining) return;
    this.joining = false;
    this.notify();
  }

  private post(message: SessionMessage): void {
    this.channel?.postMessage(message);
  }

  private set(session: StoredSession | undefined, reason?: string): void {
    this.session = session && {
      token: session.token,
      username: session.username,
      role: session.role,
      privileges: session.privileges,
      expires_at: session.expires_at,
    };
    this.reason = session ? undefined : reason;
    writeStoredSession(sessionStorage, this.session);
    api.setSession(this.session?.token);
    this.scheduleRefresh();
    this.notify();
  }

  private notify(): void {
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
