import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { Backend } from '../database/database-config';
import { AuthSessionEntity } from './auth-session.entity';
import { AuthUserEntity } from './auth-user.entity';
import { usernameKey } from './username-key';

/** The user whose name has the normal form of `username` (the unique index on username_key). */
export const usersByName = (manager: EntityManager, username: string): SelectQueryBuilder<AuthUserEntity> =>
  manager
    .getRepository(AuthUserEntity)
    .createQueryBuilder('account')
    .where('account.usernameKey = :key', { key: usernameKey(username) });

/**
 * Inside a transaction: the user, and how many enabled admins there are, both locked until it
 * ends (PostgreSQL row locks, admins first and in id order so concurrent changes cannot deadlock;
 * SQLite's BEGIN IMMEDIATE already serialises writers).
 */
export async function lockUserAndAdmins(
  manager: EntityManager,
  backend: Backend,
  username: string,
): Promise<{ user: AuthUserEntity; enabledAdmins: number } | null> {
  const admins = manager
    .getRepository(AuthUserEntity)
    .createQueryBuilder('account')
    .select('account.id')
    .where("account.role = 'admin' AND NOT account.disabled")
    .orderBy('account.id');
  const user = usersByName(manager, username);
  if (backend === 'postgresql') {
    admins.setLock('pessimistic_write');
    user.setLock('pessimistic_write');
  }
  const enabledAdmins = (await admins.getMany()).length;
  const locked = await user.getOne();
  return locked ? { user: locked, enabledAdmins } : null;
}

/** Inside a transaction: revokes the live sessions of user `userId` and those minted from them; their ids. */
export async function revokeSessionsOf(manager: EntityManager, userId: number, now: number): Promise<string[]> {
  const live = '(session.userId = :userId OR session.issuerId = :userId) AND session.revokedAt IS NULL';
  const sessions = manager.getRepository(AuthSessionEntity);
  const revoked = await sessions.createQueryBuilder('session').select('session.id').where(live, { userId }).getMany();
  if (revoked.length === 0) return [];
  await sessions
    .createQueryBuilder()
    .update()
    .set({ revokedAt: now })
    .where('(user_id = :userId OR issuer_id = :userId) AND revoked_at IS NULL', { userId })
    .execute();
  return revoked.map((session) => session.id);
}
