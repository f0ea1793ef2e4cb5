/** The console's session as kept in sessionStorage (never a cookie, so there is nothing to forge cross-site). */
export interface StoredSession {
  token: string;
  username: string | null;
  role: 'user' | 'developer' | 'admin' | 'anonymous';
  privileges: string[];
  /** UTC, as the service sends it: ISO 8601 without a zone. */
  expires_at: string;
}

export const SESSION_STORAGE_KEY = 'simsvc.session';

export function readStoredSession(storage: Storage): StoredSession | undefined {
  const text = storage.getItem(SESSION_STORAGE_KEY);
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as StoredSession;
    return typeof value.token === 'string' && typeof value.expires_at === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function writeStoredSession(storage: Storage, session: StoredSession | undefined): void {
  if (session) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  else storage.removeItem(SESSION_STORAGE_KEY);
}

/** The services write UTC timestamps without a zone. */
export function parseServiceTime(value: string): number {
  return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
}

/**
 * When to refresh: a tenth of the remaining life before expiry, at least 30 s and at most 10 min
 * early, and never in the past.
 */
export function refreshDelayMs(expiresAt: string, now: number): number {
  const remaining = parseServiceTime(expiresAt) - now;
  const margin = Math.min(10 * 60_000, Math.max(30_000, remaining / 10));
  return Math.max(0, remaining - margin);
}

export function hasPrivilege(session: StoredSession | undefined, privilege: string): boolean {
  return !!session && (session.role === 'admin' || session.privileges.includes(privilege));
}
