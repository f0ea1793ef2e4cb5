import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One counted event of a rate limit: a login attempt (reserved in flight before the password is
 * checked, settled when it fails, deleted when it succeeds) or an anonymous session created. Rows older than the longest window
 * are purged. Kept in the auth store so every replica counts the same.
 */
@Entity('auth_rate_events')
@Index('auth_rate_events_key', ['scope', 'subject', 'clientAddress', 'at'])
@Index('auth_rate_events_subject', ['scope', 'subject', 'at'])
@Index('auth_rate_events_at', ['at'])
export class RateEventEntity {
  /** INTEGER on both backends; PostgreSQL's identity cycles (rows live minutes, so a reused id is long gone). */
  @PrimaryGeneratedColumn({ type: 'integer' }) id!: number;
  /** What is limited: `login` or `anonymous`. */
  @Column({ type: 'text' }) scope!: string;
  /** Whom it is about: the case-folded username of a login; empty for anonymous sessions. */
  @Column({ type: 'text' }) subject!: string;
  @Column({ name: 'client_address', type: 'text' }) clientAddress!: string;
  /** Microseconds since the epoch. */
  @Column({ type: 'bigint' }) at!: number;
  /** 1 while a login attempt's password check runs, 0 once it failed (and for anonymous sessions). */
  @Column({ name: 'in_flight', type: 'integer', default: 0 }) inFlight!: number;
}
