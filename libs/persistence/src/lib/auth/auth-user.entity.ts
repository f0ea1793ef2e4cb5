import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A person who logs in. Times are integer microseconds since the epoch. */
@Entity('auth_users')
@Index('auth_users_username', ['username'], { unique: true })
// The unique index on lower(username), which serves lookups by name, is an expression index: the migration declares it.
@Index('auth_users_username_folded', { synchronize: false })
export class AuthUserEntity {
  @PrimaryGeneratedColumn({ type: 'integer' }) id!: number;
  /** As given at creation; unique regardless of case (`auth_users_username_folded`); `auth_users_username` serves joins from sessions. */
  @Column({ type: 'text' }) username!: string;
  @Column({ type: 'text', nullable: true }) email!: string | null;
  /** user | developer | admin */
  @Column({ type: 'text' }) role!: string;
  /** `scrypt$N$r$p$salt$hash`, never returned by the API. */
  @Column({ name: 'password_hash', type: 'text' }) passwordHash!: string;
  @Column({ type: 'boolean', default: false }) disabled!: boolean;
  @Column({ name: 'created_at', type: 'bigint' }) createdAt!: number;
  @Column({ name: 'updated_at', type: 'bigint' }) updatedAt!: number;
}
