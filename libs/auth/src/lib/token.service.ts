import { Inject, Injectable } from '@nestjs/common';
import { JsonWebTokenError, sign, TokenExpiredError, verify } from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import { KeyObject } from 'node:crypto';
import { invalidSession, sessionExpired } from './auth.errors';
import { SIGNING_KEY } from './auth.tokens';
import { isPrivilege, Privilege, Role } from './privileges';

/** The claims of a session token (contract §3). Times are epoch seconds. */
export interface TokenClaims {
  sid: string;
  /** The username; "anonymous" for anonymous sessions. */
  sub: string;
  role: Role;
  privileges: Privilege[];
  iat: number;
  exp: number;
}

export const ANONYMOUS_SUBJECT = 'anonymous';
const ALGORITHM = 'HS256';
const ROLES: ReadonlySet<string> = new Set<Role>(['user', 'developer', 'admin', 'anonymous']);
/** Verified tokens remembered; a client sends the same token with every request. */
const REMEMBERED_TOKENS = 10_000;

/**
 * Signs and verifies session tokens: HS256 only, with a KeyObject made once (jsonwebtoken turns
 * a string or Buffer key into one on every call, which costs far more than the HMAC itself).
 */
@Injectable()
export class TokenService {
  // A token that verified once stays well-formed and correctly signed, so only its expiry needs
  // checking again; revocation is checked by the caller on every request regardless.
  private readonly verified = new LRUCache<string, Readonly<TokenClaims>>({ max: REMEMBERED_TOKENS });

  constructor(@Inject(SIGNING_KEY) private readonly key: KeyObject) {}

  sign(claims: TokenClaims): string {
    const { sid, sub, role, privileges, iat, exp } = claims;
    return sign({ sid, sub, role, privileges, iat, exp }, this.key, { algorithm: ALGORITHM, noTimestamp: false });
  }

  /**
   * The claims of a well-formed, correctly signed, unexpired HS256 token.
   * Throws SessionExpired past `exp`, InvalidSession for anything else.
   */
  verify(token: string): Readonly<TokenClaims> {
    const known = this.verified.get(token);
    if (known) {
      if (Math.floor(Date.now() / 1000) >= known.exp) throw sessionExpired();
      return known;
    }
    const claims = this.verifySignature(token);
    this.verified.set(token, claims);
    return claims;
  }

  private verifySignature(token: string): TokenClaims {
    let payload: unknown;
    try {
      payload = verify(token, this.key, { algorithms: [ALGORITHM] });
    } catch (error) {
      if (error instanceof TokenExpiredError) throw sessionExpired();
      if (error instanceof JsonWebTokenError) throw invalidSession();
      throw error;
    }
    if (!isClaims(payload)) throw invalidSession();
    return payload;
  }
}

function isClaims(payload: unknown): payload is TokenClaims {
  if (typeof payload !== 'object' || payload === null) return false;
  const claims = payload as Record<string, unknown>;
  return (
    typeof claims['sid'] === 'string' &&
    claims['sid'].length > 0 &&
    typeof claims['sub'] === 'string' &&
    typeof claims['role'] === 'string' &&
    ROLES.has(claims['role']) &&
    Array.isArray(claims['privileges']) &&
    claims['privileges'].every((privilege) => typeof privilege === 'string' && isPrivilege(privilege)) &&
    Number.isInteger(claims['iat']) &&
    Number.isInteger(claims['exp'])
  );
}
