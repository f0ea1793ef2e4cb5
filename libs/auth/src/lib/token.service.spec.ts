import { createSecretKey, randomBytes } from 'node:crypto';
import { decode, sign } from 'jsonwebtoken';
import { AuthErrorCode } from './auth.errors';
import { TokenClaims, TokenService } from './token.service';

const secret = randomBytes(32);
const service = new TokenService(createSecretKey(secret));
const now = () => Math.floor(Date.now() / 1000);

function claims(overrides: Partial<TokenClaims> = {}): TokenClaims {
  return {
    sid: 'f4a3b2c1-0000-4000-8000-000000000001',
    sub: 'alice',
    role: 'user',
    privileges: ['read_cache', 'write_cache'],
    iat: now(),
    exp: now() + 3600,
    ...overrides,
  };
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function expectRejected(token: string, message: string): void {
  const code = message === 'session expired' ? AuthErrorCode.SessionExpired : AuthErrorCode.InvalidSession;
  expect(() => service.verify(token)).toThrow(expect.objectContaining({ code, message }));
}

describe('TokenService', () => {
  it('signs HS256 tokens carrying exactly sid, sub, role, privileges, iat, exp', () => {
    const issued = claims();
    const token = service.sign(issued);
    const decoded = decode(token, { complete: true });
    expect(decoded?.header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decoded?.payload).toEqual(issued);
  });

  it('verifies its own tokens and returns their claims', () => {
    const issued = claims({ role: 'anonymous', sub: 'anonymous', privileges: ['read_cache', 'developer'] });
    expect(service.verify(service.sign(issued))).toEqual(issued);
  });

  it('refuses an expired token with "session expired"', () => {
    expectRejected(service.sign(claims({ iat: now() - 7200, exp: now() - 1 })), 'session expired');
  });

  it('refuses a remembered token once it has expired', () => {
    const token = service.sign(claims({ exp: now() + 2 }));
    expect(service.verify(token).sub).toBe('alice');
    jest.useFakeTimers({ now: Date.now() + 3000 });
    try {
      expectRejected(token, 'session expired');
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses a token signed with another secret', () => {
    const other = new TokenService(createSecretKey(randomBytes(32)));
    expectRejected(other.sign(claims()), 'invalid session');
  });

  it('refuses an unsigned token (alg none)', () => {
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims())}.`;
    expectRejected(unsigned, 'invalid session');
    expectRejected(sign(claims(), '', { algorithm: 'none' }), 'invalid session');
  });

  it('refuses an HMAC algorithm other than HS256, even with the right secret', () => {
    expectRejected(sign(claims(), secret, { algorithm: 'HS512' }), 'invalid session');
    expectRejected(sign(claims(), secret, { algorithm: 'HS384' }), 'invalid session');
  });

  it('refuses a token whose payload was altered after signing', () => {
    const [header, , signature] = service.sign(claims()).split('.');
    expectRejected(
      `${header}.${base64url(claims({ role: 'admin', privileges: ['admin', 'manage_users'] }))}.${signature}`,
      'invalid session',
    );
  });

  it.each(['', 'garbage', 'a.b.c', 'a.b', `${base64url({ alg: 'HS256' })}.e30`])('refuses malformed token %p', (token) => {
    expectRejected(token, 'invalid session');
  });

  it('refuses a correctly signed token without the session claims', () => {
    const key = createSecretKey(secret);
    expectRejected(sign({ sub: 'alice', exp: now() + 60 }, key, { algorithm: 'HS256' }), 'invalid session');
    expectRejected(sign({ ...claims(), role: 'root' }, key, { algorithm: 'HS256' }), 'invalid session');
    expectRejected(sign({ ...claims(), privileges: ['everything'] }, key, { algorithm: 'HS256' }), 'invalid session');
  });

  it('verifies fast enough for the per-request path', () => {
    const token = service.sign(claims());
    for (let i = 0; i < 200; i++) service.verify(token);
    const rounds = 2000;
    const started = performance.now();
    for (let i = 0; i < rounds; i++) service.verify(token);
    const perVerifyMs = (performance.now() - started) / rounds;
    // A KeyObject verify takes tens of microseconds; a string secret ~1 ms.
    expect(perVerifyMs).toBeLessThan(0.3);
  });
});
