import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One login (or anonymous session). Every token carrying its id is valid until the token's own
 * `exp`, unless the session is revoked. Times are integer microseconds since the epoch.
 */
@Entity('auth_sessions')
@Index('auth_sessions_user', ['userId'])
@Index('auth_sessions_issuer', ['issuerId'])
@Index('auth_sessions_minted_by', ['mintedBy'])
@Index('auth_sessions_expires', ['expiresAt'])
export class AuthSessionEntity {
  @PrimaryColumn({ type: 'text' }) id!: string;
  /** null for anonymous sessions. */
  @Column({ type: 'text', nullable: true }) username!: string | null;
  /** For anonymous sessions minted with privileges beyond the anonymous set: the user whose session allowed it. */
  @Column({ name: 'issued_by', type: 'text', nullable: true }) issuedBy!: string | null;
  /** The user of a user session (auth_users.id, never reused); null for anonymous sessions. */
  @Column({ name: 'user_id', type: 'integer', nullable: true }) userId!: number | null;
  /** The user `issued_by` names (auth_users.id); null when there is none. */
  @Column({ name: 'issuer_id', type: 'integer', nullable: true }) issuerId!: number | null;
  /** The credential epoch of the user (or issuer) when the session was created; the session stands only while it is current. */
  @Column({ name: 'credential_epoch', type: 'integer', nullable: true }) credentialEpoch!: number | null;
  /** The session whose privileges an anonymous session was minted with: its logout ends this one. */
  @Column({ name: 'minted_by', type: 'text', nullable: true }) mintedBy!: string | null;
  @Column({ type: 'text' }) role!: string;
  /** Space-separated privileges of the latest token issued. */
  @Column({ type: 'text' }) privileges!: string;
  /** Lifetime asked at creation; a refresh extends by this much. */
  @Column({ name: 'lifetime_seconds', type: 'integer' }) lifetimeSeconds!: number;
  /** Login time: no token of the session may expire later than 720 h after it. */
  @Column({ name: 'created_at', type: 'bigint' }) createdAt!: number;
  /** Latest `exp` of any token issued for the session (purged once past). */
  @Column({ name: 'expires_at', type: 'bigint' }) expiresAt!: number;
  @Column({ name: 'revoked_at', type: 'bigint', nullable: true }) revokedAt!: number | null;
}
