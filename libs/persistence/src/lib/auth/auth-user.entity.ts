import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A person who logs in. Times are integer microseconds since the epoch. */
@Entity('auth_users')
@Index('auth_users_username', ['username'], { unique: true })
@Index('auth_users_username_key', ['usernameKey'], { unique: true })
@Index('auth_users_username_skeleton', ['usernameSkeleton'], { unique: true })
export class AuthUserEntity {
  /** Never reused (AUTOINCREMENT on SQLite, a non-cycling identity on PostgreSQL): sessions refer to it. */
  @PrimaryGeneratedColumn({ type: 'integer' }) id!: number;
  /** As given at creation, shown as such. */
  @Column({ type: 'text' }) username!: string;
  /** The name as looked up: NFKC, then lower-case (see usernameKey). */
  @Column({ name: 'username_key', type: 'text' }) usernameKey!: string;
  /** The key without diacritics (see usernameSkeleton): no two users share one, and login throttling counts by it. */
  @Column({ name: 'username_skeleton', type: 'text' }) usernameSkeleton!: string;
  @Column({ type: 'text', nullable: true }) email!: string | null;
  /** user | developer | admin */
  @Column({ type: 'text' }) role!: string;
  /** `scrypt$N$r$p$salt$hash`, never returned by the API. */
  @Column({ name: 'password_hash', type: 'text' }) passwordHash!: string;
  @Column({ type: 'boolean', default: false }) disabled!: boolean;
  /**
   * Incremented with every change that ends the user's sessions (password, role, disabling), in
   * the same transaction; a session carries the epoch it was created under and stands only while
   * it is current.
   */
  @Column({ name: 'credential_epoch', type: 'integer', default: 0 }) credentialEpoch!: number;
  @Column({ name: 'created_at', type: 'bigint' }) createdAt!: number;
  @Column({ name: 'updated_at', type: 'bigint' }) updatedAt!: number;
}
