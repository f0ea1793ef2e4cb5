import { Inject, Injectable, Optional } from '@nestjs/common';
import { randomBytes, scrypt, ScryptOptions, timingSafeEqual } from 'node:crypto';
import type { AuthConfig } from './auth-config';
import { AUTH_CONFIG } from './auth.tokens';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** scrypt cost of new hashes: OWASP's N = 2^17, r = 8, p = 1 (128 MiB, ~250 ms on one core here). */
export const SCRYPT_PARAMS: Readonly<ScryptParams> = { N: 131072, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** Bounds on parameters read back from a stored hash, so a corrupted row cannot make a login hang. */
const MAX_N = 1 << 20;
const MAX_R = 32;
const MAX_P = 16;

function derive(password: string, salt: Buffer, params: ScryptParams, keyBytes: number): Promise<Buffer> {
  // OpenSSL needs about 128 * r * (N + p + 2) bytes; leave headroom above that.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.r * (params.N + params.p + 2) };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

interface ParsedHash {
  params: ScryptParams;
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
export async function hashPassword(password: string, params: Readonly<ScryptParams> = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, params, KEY_BYTES);
  const { N, r, p } = params;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Constant-time comparison; false for a malformed stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.params, parsed.hash.length);
  return timingSafeEqual(candidate, parsed.hash);
}

/** True when a stored hash is weaker than new ones would be (it is re-hashed at the next login). */
export function needsRehash(stored: string, params: Readonly<ScryptParams> = SCRYPT_PARAMS): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { N, r, p } = parsed.params;
  return N < params.N || r < params.r || p < params.p;
}

/**
 * Hashes and checks passwords at SCRYPT_PARAMS, or at the cost AuthConfig.passwordCost names
 * (no option or variable sets it: the e2e harness lowers it so that suites which log in hundreds
 * of times stay fast; production always runs at SCRYPT_PARAMS).
 */
@Injectable()
export class PasswordHasher {
  private readonly params: Readonly<ScryptParams>;
  /** Hash checked when the user does not exist, so an unknown name costs what a wrong password does. */
  private decoy?: Promise<string>;

  constructor(@Optional() @Inject(AUTH_CONFIG) config?: AuthConfig) {
    this.params = config?.passwordCost ?? SCRYPT_PARAMS;
  }

  hash(password: string): Promise<string> {
    return hashPassword(password, this.params);
  }

  /** True when the stored hash is weaker than this hasher's (it is then replaced at login). */
  isOutdated(stored: string): boolean {
    return needsRehash(stored, this.params);
  }

  /** Checks a password against a user's hash, or (null) does the same work and answers false. */
  async verify(password: string, stored: string | null): Promise<boolean> {
    if (stored === null) {
      this.decoy ??= hashPassword(randomBytes(16).toString('base64'), this.params);
      await verifyPassword(password, await this.decoy);
      return false;
    }
    return verifyPassword(password, stored);
  }
}
