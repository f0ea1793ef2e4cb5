import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A client address that logged in successfully as a user: while recent, it is exempt from the
 * login throttle's per-username bucket (docs/security.md §2). Rows past the exemption are purged.
 */
@Entity('auth_known_addresses')
@Index('auth_known_addresses_last_login', ['lastLoginAt'])
export class KnownAddressEntity {
  /** The username as the login throttle counts it. */
  @PrimaryColumn({ type: 'text' }) subject!: string;
  @PrimaryColumn({ name: 'client_address', type: 'text' }) clientAddress!: string;
  /** Microseconds since the epoch of the latest successful login from this address. */
  @Column({ name: 'last_login_at', type: 'bigint' }) lastLoginAt!: number;
}
