import { Injectable, Logger } from '@nestjs/common';
import { nowMicros } from '@simsvc/contracts';
import { KnownAddressRepository } from '@simsvc/persistence';

/** How long after its latest successful login an address stays known for that user. */
export const KNOWN_ADDRESS_DAYS = 30;
export const KNOWN_ADDRESS_MICROS = KNOWN_ADDRESS_DAYS * 24 * 3600 * 1_000_000;

/**
 * Client addresses that logged in successfully as a user within the last 30 days (OWASP's
 * device-cookie idea applied to addresses). The login throttle exempts them from the
 * per-username bucket, so guessing from other addresses cannot lock the owner out of the
 * addresses it uses; they keep their own per-(address, username) limit.
 */
@Injectable()
export class KnownAddresses {
  private readonly logger = new Logger('Sessions');

  constructor(private readonly addresses: KnownAddressRepository) {}

  isKnown(subject: string, clientAddress: string): Promise<boolean> {
    return this.addresses.isKnownSince(subject, clientAddress, nowMicros() - KNOWN_ADDRESS_MICROS);
  }

  /** Called after a successful login; a failure to record it must not fail the login. */
  async remember(subject: string, clientAddress: string): Promise<void> {
    try {
      await this.addresses.remember(subject, clientAddress, nowMicros());
    } catch (error) {
      this.logger.warn(`recording the address of a successful login failed: ${(error as Error).message}`);
    }
  }

  /** Forgets addresses whose latest login is older than the exemption. */
  purge(now: number): Promise<number> {
    return this.addresses.deleteOlderThan(now - KNOWN_ADDRESS_MICROS);
  }
}
