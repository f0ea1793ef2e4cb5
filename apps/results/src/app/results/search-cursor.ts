// Cursors of POST /search (contract §8): where a page ended, opaque to clients and signed, so a
// cursor is only ever one this service handed out for the same search. A cursor is
// base64url(JSON {v, q, k, id}) "." base64url(HMAC-SHA256): `q` fingerprints the search (scope,
// filters, order), `k` holds the sort values of the page's last run and `id` its result id.
// The key is derived (HKDF) from the services' shared session signing key (SIMSVC_AUTH_SECRET or
// the one kept in the auth store), so every replica accepts every replica's cursors, and a cursor
// MAC can never be confused with a session token's.
import { Inject, Injectable } from '@nestjs/common';
import { SIGNING_KEY } from '@simsvc/auth';
import { createHash, createHmac, hkdfSync, KeyObject, timingSafeEqual } from 'node:crypto';
import { invalidCursor, ResultError, ResultErrorCode } from './results.errors';
import { SortPosition, SortValue } from './search-order';

const CURSOR_VERSION = 1;
const MAC_BYTES = 32;

@Injectable()
export class SearchCursors {
  private readonly key: Buffer;

  constructor(@Inject(SIGNING_KEY) signingKey: KeyObject) {
    this.key = Buffer.from(hkdfSync('sha256', signingKey.export(), Buffer.alloc(0), 'simsvc results search cursor', MAC_BYTES));
  }

  /** `search` is any JSON-able description of the search; equal searches must give equal JSON. */
  encode(search: unknown, position: SortPosition): string {
    const payload = Buffer.from(JSON.stringify({ v: CURSOR_VERSION, q: fingerprint(search), k: position.keys, id: position.id })).toString(
      'base64url',
    );
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  /** The position a cursor of this search names; 400 when it is not one this service signed, or of another search. */
  decode(search: unknown, cursor: string, keyCount: number): SortPosition {
    const [payload, mac, ...rest] = cursor.split('.');
    if (mac === undefined || rest.length > 0) throw invalidCursor();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== MAC_BYTES || !timingSafeEqual(given, this.mac(payload))) throw invalidCursor();
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw invalidCursor();
    }
    const { v, q, k, id } = (decoded ?? {}) as Record<string, unknown>;
    if (v !== CURSOR_VERSION || typeof q !== 'string' || !Number.isSafeInteger(id) || !Array.isArray(k)) throw invalidCursor();
    if (q !== fingerprint(search))
      throw new ResultError(ResultErrorCode.CursorOfAnotherSearch, 'cursor belongs to another search (filters or order_by differ)');
    if (k.length !== keyCount || !k.every(isSortValue)) throw invalidCursor();
    return { keys: k as SortValue[], id: id as number };
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest();
  }
}

function fingerprint(search: unknown): string {
  return createHash('sha256').update(JSON.stringify(search)).digest('base64url').slice(0, 22);
}

function isSortValue(value: unknown): value is SortValue {
  if (!Array.isArray(value) || value.length !== 2) return false;
  const [rank, key] = value as unknown[];
  if (rank === 0) return typeof key === 'number' && Number.isFinite(key);
  if (rank === 1) return typeof key === 'string';
  return (rank === 2 || rank === 3) && key === null;
}
