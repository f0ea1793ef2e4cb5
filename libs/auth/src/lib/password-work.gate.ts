import { Injectable } from '@nestjs/common';
import { BoundedSemaphore } from './bounded-semaphore';
import { AuthError, AuthErrorCode } from './auth.errors';

/** Password checks running at once in the process: each scrypt (N = 2^17) holds 128 MiB and a core for ~250 ms. */
export const PASSWORD_CHECKS_AT_ONCE = 2;
/** Logins waiting for one of those; more get 503. */
export const PASSWORD_CHECKS_WAITING = 32;
/**
 * Per client address: one password check at a time, sixteen more waiting; more get 429. Waiting
 * here holds no process-wide turn, so a long queue from one address delays no other address.
 */
export const PASSWORD_CHECKS_PER_ADDRESS = 1;
export const PASSWORD_CHECKS_WAITING_PER_ADDRESS = 16;
/** Seconds, for `Retry-After`. */
const RETRY_AFTER = 1;

/**
 * Caps the password hashing that logins cause, so that a flood of logins (random usernames
 * included: an unknown user costs a decoy hash) cannot queue up CPU and memory in front of a
 * real login: one address gets one check at a time, the process PASSWORD_CHECKS_AT_ONCE.
 * Refusals are immediate and cheap, with `Retry-After: 1`.
 */
@Injectable()
export class PasswordWorkGate {
  private readonly all = new BoundedSemaphore(PASSWORD_CHECKS_AT_ONCE, PASSWORD_CHECKS_WAITING);
  private readonly byAddress = new Map<string, BoundedSemaphore>();

  /** Waits for a turn and returns the function that ends it; throws 429 or 503 when the queues are full. */
  async enter(clientAddress: string): Promise<() => void> {
    let own = this.byAddress.get(clientAddress);
    if (!own) {
      own = new BoundedSemaphore(PASSWORD_CHECKS_PER_ADDRESS, PASSWORD_CHECKS_WAITING_PER_ADDRESS);
      this.byAddress.set(clientAddress, own);
    }
    const ownTurn = own.acquire();
    if (!ownTurn)
      throw new AuthError(AuthErrorCode.TooManyRequests, 'too many logins at once from this address; retry later', {
        retryAfterSeconds: RETRY_AFTER,
      });
    await ownTurn;
    const turn = this.all.acquire();
    if (!turn) {
      this.leave(clientAddress, own);
      throw new AuthError(AuthErrorCode.PasswordCheckBusy, 'server busy with logins; retry later', { retryAfterSeconds: RETRY_AFTER });
    }
    await turn;
    return () => {
      this.all.release();
      this.leave(clientAddress, own);
    };
  }

  private leave(clientAddress: string, own: BoundedSemaphore): void {
    own.release();
    if (own.idle) this.byAddress.delete(clientAddress);
  }
}
