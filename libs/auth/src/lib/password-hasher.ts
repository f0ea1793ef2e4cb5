import { Injectable } from '@nestjs/common';
import { randomBytes, scrypt, ScryptOptions, timingSafeEqual } from 'node:crypto';

/** scrypt cost parameters of new hashes (N = 2^14, r = 8, p = 1: 16 MiB, ~50 ms). */
export const SCRYPT_PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** Bounds on parameters read back from a stored hash, so a corrupted row cannot make a login hang. */
const MAX_N = 1 << 20;
const MAX_R = 32;
const MAX_P = 16;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }, keyBytes: number): Promise<Buffer> {
  // OpenSSL needs about 128 * r * (N + p + 2) bytes; leave headroom above that.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.r * (params.N + params.p + 2) };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

interface ParsedHash {
  params: { N: number; r: number; p: number };
  salt: Buffer;
  hash: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const validPower = Number.isInteger(N) && N > 1 && N <= MAX_N && (N & (N - 1)) === 0;
  if (!validPower || !Number.isInteger(r) || r < 1 || r > MAX_R || !Number.isInteger(p) || p < 1 || p > MAX_P) return null;
  const salt = Buffer.from(parts[4], 'base64');
  const hash = Buffer.from(parts[5], 'base64');
  if (salt.length === 0 || hash.length < 16) return null;
  return { params: { N, r, p }, salt, hash };
}

/** Salted scrypt hashes, stored as `scrypt$N$r$p$salt$hash` (salt and hash in base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, SCRYPT_PARAMS, KEY_BYTES);
  const { N, r, p } = SCRYPT_PARAMS;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Constant-time comparison; false for a malformed stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.params, parsed.hash.length);
  return timingSafeEqual(candidate, parsed.hash);
}

@Injectable()
export class PasswordHasher {
  /** Hash checked when the user does not exist, so an unknown name costs what a wrong password does. */
  private decoy?: Promise<string>;

  hash(password: string): Promise<string> {
    return hashPassword(password);
  }

  /** Checks a password against a user's hash, or (null) does the same work and answers false. */
  async verify(password: string, stored: string | null): Promise<boolean> {
    if (stored === null) {
      this.decoy ??= hashPassword(randomBytes(16).toString('base64'));
      await verifyPassword(password, await this.decoy);
      return false;
    }
    return verifyPassword(password, stored);
  }
}
