import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One failed login per (client address, username); rows older
 * than the throttling window are purged. Kept in the auth store so every replica counts the same.
 */
@Entity('auth_login_failures')
@Index('auth_login_failures_key', ['clientAddress', 'username', 'failedAt'])
@Index('auth_login_failures_at', ['failedAt'])
export class LoginFailureEntity {
  /** BIGINT identity in PostgreSQL (rows churn; the sequence never resets), INTEGER rowid in SQLite. */
  @PrimaryGeneratedColumn({ type: 'integer' }) id!: number;
  @Column({ name: 'client_address', type: 'text' }) clientAddress!: string;
  @Column({ type: 'text' }) username!: string;
  @Column({ name: 'failed_at', type: 'bigint' }) failedAt!: number;
}
