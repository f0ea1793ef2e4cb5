import { AuthErrorCode } from './auth.errors';
import { lifetimeSeconds, MAX_LIFETIME_SECONDS, tokenExpiry } from './session-lifetime';

describe('session lifetime', () => {
  it('defaults to 24 hours', () => {
    expect(lifetimeSeconds(undefined)).toBe(24 * 3600);
    expect(lifetimeSeconds(null)).toBe(24 * 3600);
  });

  it('accepts (0, 720] hours, fractions included', () => {
    expect(lifetimeSeconds(720)).toBe(MAX_LIFETIME_SECONDS);
    expect(lifetimeSeconds(1.5)).toBe(5400);
    expect(lifetimeSeconds(1 / 3600)).toBe(1);
    expect(lifetimeSeconds(0.00001)).toBe(1);
  });

  it.each([0, -1, 720.0001, 10_000, Number.NaN, Number.POSITIVE_INFINITY])('refuses %p hours with 400', (hours) => {
    expect(() => lifetimeSeconds(hours)).toThrow(expect.objectContaining({ code: AuthErrorCode.LifetimeOutOfRange }));
    expect(() => lifetimeSeconds(hours)).toThrow('lifetime_hours must be greater than 0 and at most 720');
  });

  it('expires a refreshed token one lifetime from now', () => {
    const login = 1_800_000_000;
    expect(tokenExpiry(login + 3600, 86_400, login)).toBe(login + 3600 + 86_400);
  });

  it('never lets a token outlive 720 h from login', () => {
    const login = 1_800_000_000;
    const now = login + MAX_LIFETIME_SECONDS - 60;
    expect(tokenExpiry(now, 86_400, login)).toBe(login + MAX_LIFETIME_SECONDS);
    expect(tokenExpiry(login, MAX_LIFETIME_SECONDS, login)).toBe(login + MAX_LIFETIME_SECONDS);
  });
});

describe('anonymous session lifetime', () => {
  it('defaults to the bound when it is under 24 h and refuses more than the bound', () => {
    expect(lifetimeSeconds(undefined, 2, 'anonymous lifetime_hours')).toBe(2 * 3600);
    expect(lifetimeSeconds(undefined, 48)).toBe(24 * 3600);
    expect(() => lifetimeSeconds(25, 24, 'anonymous lifetime_hours')).toThrow(
      'anonymous lifetime_hours must be greater than 0 and at most 24',
    );
  });

  it('never lets a refreshed anonymous token outlive the bound from creation', () => {
    const created = 1_800_000_000;
    expect(tokenExpiry(created + 3600, 86_400, created, 86_400)).toBe(created + 86_400);
  });
});
