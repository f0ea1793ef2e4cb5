import { randomBytes } from 'node:crypto';
import { estimatedEntropyBits, MIN_SECRET_ENTROPY_BITS } from './secret-strength';

describe('estimatedEntropyBits', () => {
  it.each([
    ['32 × "a"', 'a'.repeat(32)],
    ['a repeated pair', 'ab'.repeat(32)],
    ['a repeated word', 'secret'.repeat(6)],
  ])('scores %s below the minimum', (_case, secret) => {
    expect(estimatedEntropyBits(secret)).toBeLessThan(MIN_SECRET_ENTROPY_BITS);
  });

  it.each([
    ['32 random bytes in base64', randomBytes(32).toString('base64')],
    ['32 random bytes in hex', randomBytes(32).toString('hex')],
    ['a long phrase', 'a-known-test-secret-of-at-least-32-bytes!'],
  ])('scores %s above the minimum', (_case, secret) => {
    expect(estimatedEntropyBits(secret)).toBeGreaterThanOrEqual(MIN_SECRET_ENTROPY_BITS);
  });
});
