// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  hasPrivilege,
  parseServiceTime,
  readStoredSession,
  refreshDelayMs,
  writeStoredSession,
  type StoredSession,
} from './stored-session';

const session: StoredSession = {
  token: 't',
  username: 'ada',
  role: 'developer',
  privileges: ['read_cache', 'invalidate_cache'],
  expires_at: '2026-11-22T12:00:00.000000',
};

describe('the stored session', () => {
  it('lives in sessionStorage and survives a reload of the page', () => {
    writeStoredSession(sessionStorage, session);
    expect(readStoredSession(sessionStorage)).toEqual(session);
    writeStoredSession(sessionStorage, undefined);
    expect(readStoredSession(sessionStorage)).toBeUndefined();
    sessionStorage.setItem('simsvc.session', '{not json');
    expect(readStoredSession(sessionStorage)).toBeUndefined();
  });

  it('reads the services’ zone-less timestamps as UTC', () => {
    expect(parseServiceTime('2026-11-22T12:00:00.000000')).toBe(Date.UTC(2026, 10, 22, 12));
    expect(parseServiceTime('2026-11-22T12:00:00Z')).toBe(Date.UTC(2026, 10, 22, 12));
  });

  it('refreshes before expiry: a tenth of the remaining life early, between 30 s and 10 min', () => {
    const expiry = Date.UTC(2026, 10, 22, 12);
    expect(refreshDelayMs(session.expires_at, expiry - 24 * 3_600_000)).toBe(24 * 3_600_000 - 600_000);
    expect(refreshDelayMs(session.expires_at, expiry - 3_600_000)).toBe(3_600_000 - 360_000);
    expect(refreshDelayMs(session.expires_at, expiry - 60_000)).toBe(30_000);
    expect(refreshDelayMs(session.expires_at, expiry + 1000)).toBe(0);
  });

  it('knows which privileges the session holds', () => {
    expect(hasPrivilege(session, 'invalidate_cache')).toBe(true);
    expect(hasPrivilege(session, 'manage_users')).toBe(false);
    expect(hasPrivilege({ ...session, role: 'admin', privileges: [] }, 'manage_users')).toBe(true);
    expect(hasPrivilege(undefined, 'read_cache')).toBe(false);
  });
});
