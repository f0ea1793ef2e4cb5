import { SqlExecutor } from '../database/sql-executor';
import { AuthUserEntity } from './auth-user.entity';

export interface NewAuthUser {
  username: string;
  email: string | null;
  role: string;
  passwordHash: string;
  createdAt: number;
}

export interface AuthUserChanges {
  role?: string;
  email?: string;
  passwordHash?: string;
  disabled?: boolean;
}

interface UserRow {
  id: number;
  username: string;
  email: string | null;
  role: string;
  password_hash: string;
  disabled: boolean | number;
  created_at: number | string;
  updated_at: number | string;
}

const COLUMNS = 'id, username, email, role, password_hash, disabled, created_at, updated_at';
const CHANGE_COLUMNS: Record<keyof AuthUserChanges, string> = {
  role: 'role',
  email: 'email',
  passwordHash: 'password_hash',
  disabled: 'disabled',
};

/** What a change to a user may do, judged on the user as stored and the enabled admins there are. */
export type UserChangeVerdict = { allowed: false } | { allowed: true; endSessions: boolean };
export type UserChangeJudge = (current: AuthUserEntity, enabledAdmins: number) => UserChangeVerdict;

export type UserUpdateResult =
  { outcome: 'not-found' } | { outcome: 'refused' } | { outcome: 'updated'; user: AuthUserEntity; revokedSessionIds: string[] };
export type UserDeleteResult = { outcome: 'not-found' } | { outcome: 'refused' } | { outcome: 'deleted'; revokedSessionIds: string[] };

/**
 * Users of the auth store. Usernames are unique and looked up regardless of case (the unique
 * index on lower(username)); the case given at creation is kept. Changes are judged inside their
 * transaction, after the user and every enabled admin are locked, so two admins demoting each
 * other at once cannot both pass a "another admin remains" check. Changes that end a user's
 * sessions revoke them, and the anonymous sessions minted from them, in the same transaction.
 */
export class AuthUserRepository {
  constructor(private readonly sql: SqlExecutor) {}

  async findByUsername(username: string): Promise<AuthUserEntity | null> {
    const rows = await this.sql.query<UserRow>(`SELECT ${COLUMNS} FROM auth_users WHERE lower(username) = lower($1)`, [username]);
    return rows[0] ? toEntity(rows[0]) : null;
  }

  /** Throws the driver's unique violation (see isUniqueViolation) when the name is taken, in any case. */
  async insert(user: NewAuthUser): Promise<AuthUserEntity> {
    const rows = await this.sql.query<UserRow>(
      `INSERT INTO auth_users (username, email, role, password_hash, disabled, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [user.username, user.email, user.role, user.passwordHash, false, user.createdAt, user.createdAt],
    );
    return toEntity(rows[0]);
  }

  /** Users ordered by name (byte order on both backends), and how many there are in all. */
  async list(limit: number, offset: number): Promise<{ users: AuthUserEntity[]; total: number }> {
    const order = this.sql.backend === 'postgresql' ? 'username COLLATE "C"' : 'username';
    const [page, count] = await Promise.all([
      this.sql.query<UserRow>(`SELECT ${COLUMNS} FROM auth_users ORDER BY ${order} LIMIT $1 OFFSET $2`, [limit, offset]),
      this.sql.query<{ total: number | string }>('SELECT COUNT(*) AS total FROM auth_users', []),
    ]);
    return { users: page.map(toEntity), total: Number(count[0]?.total ?? 0) };
  }

  /** Replaces a password hash unless the stored one changed meanwhile (a re-hash on login). */
  async replacePasswordHash(id: number, previous: string, next: string): Promise<boolean> {
    return (
      (await this.sql.execute('UPDATE auth_users SET password_hash = $1 WHERE id = $2 AND password_hash = $3', [next, id, previous])) > 0
    );
  }

  /** Applies the changes when `judge` allows them, revoking the user's sessions when it says so. */
  async update(username: string, changes: AuthUserChanges, now: number, judge: UserChangeJudge): Promise<UserUpdateResult> {
    const keys = (Object.keys(CHANGE_COLUMNS) as (keyof AuthUserChanges)[]).filter(
      (key) => changes[key] !== undefined && changes[key] !== null,
    );
    const assignments = [...keys.map((key, index) => `${CHANGE_COLUMNS[key]} = $${index + 1}`), `updated_at = $${keys.length + 1}`];
    const sql = `UPDATE auth_users SET ${assignments.join(', ')} WHERE id = $${keys.length + 2} RETURNING ${COLUMNS}`;
    return this.sql.transaction(async (tx) => {
      const locked = await lockUserAndAdmins(tx, username);
      if (!locked) return { outcome: 'not-found' };
      const verdict = judge(locked.user, locked.enabledAdmins);
      if (!verdict.allowed) return { outcome: 'refused' };
      const [row] = await tx.query<UserRow>(sql, [...keys.map((key) => changes[key]), now, locked.user.id]);
      const revokedSessionIds = verdict.endSessions ? await revokeSessionsOf(tx, row.username, now) : [];
      return { outcome: 'updated', user: toEntity(row), revokedSessionIds };
    });
  }

  /** Deletes the user when `judge` allows it, and revokes their sessions. */
  async delete(username: string, now: number, judge: UserChangeJudge): Promise<UserDeleteResult> {
    return this.sql.transaction(async (tx) => {
      const locked = await lockUserAndAdmins(tx, username);
      if (!locked) return { outcome: 'not-found' };
      if (!judge(locked.user, locked.enabledAdmins).allowed) return { outcome: 'refused' };
      await tx.execute('DELETE FROM auth_users WHERE id = $1', [locked.user.id]);
      return { outcome: 'deleted', revokedSessionIds: await revokeSessionsOf(tx, locked.user.username, now) };
    });
  }
}

/**
 * Inside a transaction: the user, and how many enabled admins there are, both locked until it
 * ends (PostgreSQL row locks, admins first and in id order so concurrent changes cannot deadlock;
 * SQLite's BEGIN IMMEDIATE already serialises writers).
 */
async function lockUserAndAdmins(tx: SqlExecutor, username: string): Promise<{ user: AuthUserEntity; enabledAdmins: number } | null> {
  const forUpdate = tx.backend === 'postgresql' ? ' FOR UPDATE' : '';
  const admins = await tx.query<{ id: number }>(
    `SELECT id FROM auth_users WHERE role = 'admin' AND NOT disabled ORDER BY id${forUpdate}`,
    [],
  );
  const [row] = await tx.query<UserRow>(`SELECT ${COLUMNS} FROM auth_users WHERE lower(username) = lower($1)${forUpdate}`, [username]);
  return row ? { user: toEntity(row), enabledAdmins: admins.length } : null;
}

async function revokeSessionsOf(sql: SqlExecutor, username: string, now: number): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(
    'UPDATE auth_sessions SET revoked_at = $1 WHERE (username = $2 OR issued_by = $2) AND revoked_at IS NULL RETURNING id',
    [now, username],
  );
  return rows.map((row) => row.id);
}

function toEntity(row: UserRow): AuthUserEntity {
  return Object.assign(new AuthUserEntity(), {
    id: Number(row.id),
    username: row.username,
    email: row.email,
    role: row.role,
    passwordHash: row.password_hash,
    disabled: Boolean(row.disabled),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  });
}
