import { Injectable } from '@nestjs/common';
import { In, IsNull, LessThan } from 'typeorm';
import { InjectStoreDatabase } from '../database/database.module';
import { StoreDatabase } from '../database/store-database';
import { AuthSessionEntity } from './auth-session.entity';
import { AuthUserEntity } from './auth-user.entity';
import { AUTH_STORE } from './auth.store';

/** A user as the per-request check sees them. */
export type SessionHolderRecord = Pick<AuthUserEntity, 'role' | 'disabled' | 'credentialEpoch'>;

/** What the per-request check needs to know about a session: its row and the users it speaks for now. */
export interface SessionStateRecord extends Pick<AuthSessionEntity, 'revokedAt' | 'username' | 'privileges' | 'credentialEpoch'> {
  /** The user of a user session as stored now; null when there is none (anonymous, or deleted). */
  user: SessionHolderRecord | null;
  /** The user an anonymous session was minted from, as stored now; null when none or deleted. */
  issuer: SessionHolderRecord | null;
}

interface StateRow {
  revokedAt: number | string | null;
  username: string | null;
  privileges: string;
  credentialEpoch: number | string | null;
  userRole: string | null;
  userDisabled: boolean | number | null;
  userEpoch: number | string | null;
  issuerRole: string | null;
  issuerDisabled: boolean | number | null;
  issuerEpoch: number | string | null;
}

@Injectable()
export class AuthSessionRepository {
  constructor(@InjectStoreDatabase(AUTH_STORE) private readonly db: StoreDatabase) {}

  /**
   * Stores a new session unless the user it speaks for (its user, or for an anonymous session its
   * issuer) no longer has the credential epoch the session was created under: changed, disabled
   * or deleted since the caller read it. The user row is read under a share lock on PostgreSQL
   * (SQLite's BEGIN IMMEDIATE serialises writers), so a change either commits first and this
   * refuses, or waits for this insert and then revokes the new session with the others.
   */
  insertIfCurrent(session: AuthSessionEntity): Promise<boolean> {
    const userId = session.userId ?? session.issuerId;
    return this.db.transaction(async (manager) => {
      if (userId !== null) {
        const current = manager
          .getRepository(AuthUserEntity)
          .createQueryBuilder('account')
          .select('account.id')
          .where('account.id = :userId AND account.credentialEpoch = :epoch AND NOT account.disabled', {
            userId,
            epoch: session.credentialEpoch,
          });
        if (this.db.backend === 'postgresql') current.setLock('pessimistic_read');
        if (!(await current.getOne())) return false;
      }
      await manager.insert(AuthSessionEntity, session);
      return true;
    });
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
        .leftJoin(AuthUserEntity, 'holder', 'holder.id = session.userId')
        .leftJoin(AuthUserEntity, 'issuer', 'issuer.id = session.issuerId')
        .select('session.revokedAt', 'revokedAt')
        .addSelect('session.username', 'username')
        .addSelect('session.privileges', 'privileges')
        .addSelect('session.credentialEpoch', 'credentialEpoch')
        .addSelect('holder.role', 'userRole')
        .addSelect('holder.disabled', 'userDisabled')
        .addSelect('holder.credentialEpoch', 'userEpoch')
        .addSelect('issuer.role', 'issuerRole')
        .addSelect('issuer.disabled', 'issuerDisabled')
        .addSelect('issuer.credentialEpoch', 'issuerEpoch')
        .where('session.id = :id', { id })
        .getRawOne<StateRow>(),
    );
    if (!row) return null;
    return {
      revokedAt: row.revokedAt === null ? null : Number(row.revokedAt),
      username: row.username,
      privileges: row.privileges,
      credentialEpoch: row.credentialEpoch === null ? null : Number(row.credentialEpoch),
      user:
        row.userRole === null ? null : { role: row.userRole, disabled: Boolean(row.userDisabled), credentialEpoch: Number(row.userEpoch) },
      issuer:
        row.issuerRole === null
          ? null
          : { role: row.issuerRole, disabled: Boolean(row.issuerDisabled), credentialEpoch: Number(row.issuerEpoch) },
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

  /**
   * Revokes a session and every live session minted from it, and from those in turn (a logout);
   * the ids this call revoked.
   */
  revokeWithMinted(id: string, now: number): Promise<string[]> {
    return this.db.transaction(async (manager) => {
      const revoked: string[] = [];
      let frontier = [id];
      const own = await manager.update(AuthSessionEntity, { id, revokedAt: IsNull() }, { revokedAt: now });
      if ((own.affected ?? 0) > 0) revoked.push(id);
      while (frontier.length > 0) {
        const minted = await manager.find(AuthSessionEntity, {
          select: { id: true },
          where: { mintedBy: In(frontier), revokedAt: IsNull() },
        });
        frontier = minted.map((session) => session.id);
        if (frontier.length === 0) break;
        await manager.update(AuthSessionEntity, { id: In(frontier) }, { revokedAt: now });
        revoked.push(...frontier);
      }
      return revoked;
    });
  }

  /** Removes sessions none of whose tokens can still be valid. */
  deleteExpired(now: number): Promise<number> {
    return this.db.run(async (manager) => (await manager.delete(AuthSessionEntity, { expiresAt: LessThan(now) })).affected ?? 0);
  }
}
