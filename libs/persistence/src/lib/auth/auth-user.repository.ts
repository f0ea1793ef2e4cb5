import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { isUniqueViolation } from '../database/database-errors';
import { InjectStoreDatabase } from '../database/database.module';
import { StoreDatabase } from '../database/store-database';
import { AuthUserEntity } from './auth-user.entity';
import { AUTH_STORE } from './auth.store';
import { lockUserAndAdmins, revokeSessionsOf, usersByName } from './user-changes';
import { usernameKey, usernameSkeleton } from './username-key';

export type NewAuthUser = Pick<AuthUserEntity, 'username' | 'email' | 'role' | 'passwordHash' | 'createdAt'>;
export type AuthUserChanges = Partial<Pick<AuthUserEntity, 'role' | 'email' | 'passwordHash' | 'disabled'>>;

/** What a change to a user may do, judged on the user as stored and the enabled admins there are. */
export type UserChangeVerdict = { allowed: false } | { allowed: true; endSessions: boolean };
export type UserChangeJudge = (current: AuthUserEntity, enabledAdmins: number) => UserChangeVerdict;

export type UserUpdateResult =
  { outcome: 'not-found' } | { outcome: 'refused' } | { outcome: 'updated'; user: AuthUserEntity; revokedSessionIds: string[] };
export type UserDeleteResult = { outcome: 'not-found' } | { outcome: 'refused' } | { outcome: 'deleted'; revokedSessionIds: string[] };

/**
 * Users of the auth store. Usernames are looked up by their normal form (usernameKey) and unique
 * by their skeleton (usernameSkeleton); the spelling given at creation is kept. Changes are judged inside their
 * transaction, after the user and every enabled admin are locked, so two admins demoting each
 * other at once cannot both pass a "another admin remains" check. Changes that end a user's
 * sessions revoke them, and the anonymous sessions minted from them, and increment the user's
 * credential epoch, in the same transaction. Ids are never reused, so a user re-created under an
 * old name is a new id that no old session refers to.
 */
@Injectable()
export class AuthUserRepository {
  constructor(@InjectStoreDatabase(AUTH_STORE) private readonly db: StoreDatabase) {}

  findByUsername(username: string): Promise<AuthUserEntity | null> {
    return this.db.run((manager) => usersByName(manager, username).getOne());
  }

  findById(id: number): Promise<AuthUserEntity | null> {
    return this.db.run((manager) => manager.findOneBy(AuthUserEntity, { id }));
  }

  /** The user created, or null when a user has the same skeleton (the unique index refused it). */
  insert(user: NewAuthUser): Promise<AuthUserEntity | null> {
    return this.db
      .run(async (manager) => {
        const created = manager.create(AuthUserEntity, {
          ...user,
          usernameKey: usernameKey(user.username),
          usernameSkeleton: usernameSkeleton(user.username),
          disabled: false,
          credentialEpoch: 0,
          updatedAt: user.createdAt,
        });
        // insert() fills in the generated id.
        await manager.insert(AuthUserEntity, created);
        return created;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) return null;
        throw error;
      });
  }

  /** Users ordered by name (byte order on both backends), and how many there are in all. */
  list(limit: number, offset: number): Promise<{ users: AuthUserEntity[]; total: number }> {
    const order = this.db.backend === 'postgresql' ? 'account.username COLLATE "C"' : 'account.username';
    return this.db.run(async (manager) => {
      const [users, total] = await manager
        .getRepository(AuthUserEntity)
        .createQueryBuilder('account')
        .orderBy(order)
        .limit(limit)
        .offset(offset)
        .getManyAndCount();
      return { users, total };
    });
  }

  /** Replaces a password hash unless the stored one changed meanwhile (a re-hash on login). */
  replacePasswordHash(id: number, previous: string, next: string): Promise<boolean> {
    return this.db.run(async (manager) => {
      const result = await manager.update(AuthUserEntity, { id, passwordHash: previous }, { passwordHash: next });
      return (result.affected ?? 0) > 0;
    });
  }

  /** Applies the changes when `judge` allows them, revoking the user's sessions when it says so. */
  update(username: string, changes: AuthUserChanges, now: number, judge: UserChangeJudge): Promise<UserUpdateResult> {
    const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined && value !== null));
    return this.db.transaction(async (manager): Promise<UserUpdateResult> => {
      const locked = await lockUserAndAdmins(manager, this.db.backend, username);
      if (!locked) return { outcome: 'not-found' };
      const verdict = judge(locked.user, locked.enabledAdmins);
      if (!verdict.allowed) return { outcome: 'refused' };
      const credentialEpoch = verdict.endSessions ? locked.user.credentialEpoch + 1 : locked.user.credentialEpoch;
      await manager.update(AuthUserEntity, { id: locked.user.id }, { ...given, credentialEpoch, updatedAt: now });
      // The row is locked until the transaction ends: it now holds exactly this.
      const user = Object.assign(locked.user, given, { credentialEpoch, updatedAt: now });
      const revokedSessionIds = verdict.endSessions ? await revokeSessionsOf(manager, user.id, now) : [];
      return { outcome: 'updated', user, revokedSessionIds };
    });
  }

  /**
   * Deletes the user when `judge` allows it, and revokes their sessions. The row goes, and with it
   * every epoch a session could match: its id is never handed out again.
   */
  delete(username: string, now: number, judge: UserChangeJudge): Promise<UserDeleteResult> {
    return this.db.transaction(async (manager: EntityManager): Promise<UserDeleteResult> => {
      const locked = await lockUserAndAdmins(manager, this.db.backend, username);
      if (!locked) return { outcome: 'not-found' };
      if (!judge(locked.user, locked.enabledAdmins).allowed) return { outcome: 'refused' };
      await manager.delete(AuthUserEntity, { id: locked.user.id });
      return { outcome: 'deleted', revokedSessionIds: await revokeSessionsOf(manager, locked.user.id, now) };
    });
  }
}
