import { Injectable } from '@nestjs/common';
import { IsNull, LessThan } from 'typeorm';
import { InjectStoreDatabase } from '../database/database.module';
import { StoreDatabase } from '../database/store-database';
import { AuthSessionEntity } from './auth-session.entity';
import { AuthUserEntity } from './auth-user.entity';
import { AUTH_STORE } from './auth.store';

/** A user as the per-request check sees them. */
export type SessionHolderRecord = Pick<AuthUserEntity, 'role' | 'disabled'>;

/** What the per-request check needs to know about a session: its row and the users it speaks for now. */
export interface SessionStateRecord extends Pick<AuthSessionEntity, 'revokedAt' | 'username' | 'privileges'> {
  /** The user of a user session as stored now; null when there is none (anonymous, or deleted). */
  user: SessionHolderRecord | null;
  /** The user an anonymous session was minted from, as stored now; null when none or deleted. */
  issuer: SessionHolderRecord | null;
}

interface StateRow {
  revokedAt: number | string | null;
  username: string | null;
  privileges: string;
  userRole: string | null;
  userDisabled: boolean | number | null;
  issuerRole: string | null;
  issuerDisabled: boolean | number | null;
}

@Injectable()
export class AuthSessionRepository {
  constructor(@InjectStoreDatabase(AUTH_STORE) private readonly db: StoreDatabase) {}

  async insert(session: AuthSessionEntity): Promise<void> {
    await this.db.run((manager) => manager.insert(AuthSessionEntity, session));
  }

  findById(id: string): Promise<AuthSessionEntity | null> {
    return this.db.run((manager) => manager.findOneBy(AuthSessionEntity, { id }));
  }

  /**
   * The per-request lookup, made at most once per session every 2 s (SessionStateCache): one row
   * by key, two joins by unique key. Not a measured hot path, so TypeORM builds it.
   */
  async findState(id: string): Promise<SessionStateRecord | null> {
    const row = await this.db.run((manager) =>
      manager
        .createQueryBuilder(AuthSessionEntity, 'session')
        .leftJoin(AuthUserEntity, 'holder', 'holder.username = session.username')
        .leftJoin(AuthUserEntity, 'issuer', 'issuer.username = session.issuedBy')
        .select('session.revokedAt', 'revokedAt')
        .addSelect('session.username', 'username')
        .addSelect('session.privileges', 'privileges')
        .addSelect('holder.role', 'userRole')
        .addSelect('holder.disabled', 'userDisabled')
        .addSelect('issuer.role', 'issuerRole')
        .addSelect('issuer.disabled', 'issuerDisabled')
        .where('session.id = :id', { id })
        .getRawOne<StateRow>(),
    );
    if (!row) return null;
    return {
      revokedAt: row.revokedAt === null ? null : Number(row.revokedAt),
      username: row.username,
      privileges: row.privileges,
      user: row.userRole === null ? null : { role: row.userRole, disabled: Boolean(row.userDisabled) },
      issuer: row.issuerRole === null ? null : { role: row.issuerRole, disabled: Boolean(row.issuerDisabled) },
    };
  }

  /**
   * Records a newly issued token of a live session: its claims become the session's, and the
   * session's expiry moves to the token's when later. False when the session is revoked or gone.
   */
  recordRefresh(id: string, role: string, privileges: string, tokenExpiresAt: number): Promise<boolean> {
    return this.db.run(async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .update(AuthSessionEntity)
        .set({ role, privileges, expiresAt: () => 'CASE WHEN expires_at < :tokenExpiresAt THEN :tokenExpiresAt ELSE expires_at END' })
        .where('id = :id AND revoked_at IS NULL', { id, tokenExpiresAt })
        .execute();
      return (result.affected ?? 0) > 0;
    });
  }

  /** True when this call revoked it (false: unknown or already revoked). */
  revoke(id: string, now: number): Promise<boolean> {
    return this.db.run(async (manager) => {
      const result = await manager.update(AuthSessionEntity, { id, revokedAt: IsNull() }, { revokedAt: now });
      return (result.affected ?? 0) > 0;
    });
  }

  /** Removes sessions none of whose tokens can still be valid. */
  deleteExpired(now: number): Promise<number> {
    return this.db.run(async (manager) => (await manager.delete(AuthSessionEntity, { expiresAt: LessThan(now) })).affected ?? 0);
  }
}
