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

/**
 * Users of the auth store. Changes that must end a user's sessions (password, disabling,
 * deletion) revoke them in the same transaction, including anonymous sessions minted from them.
 */
export class AuthUserRepository {
  constructor(private readonly sql: SqlExecutor) {}

  async findByUsername(username: string): Promise<AuthUserEntity | null> {
    const rows = await this.sql.query<UserRow>(`SELECT ${COLUMNS} FROM auth_users WHERE username = $1`, [username]);
    return rows[0] ? toEntity(rows[0]) : null;
  }

  /** Throws the driver's unique violation (see isUniqueViolation) when the name is taken. */
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

  /**
   * Applies the changes; with `revokeSessionsAt` also revokes the user's live sessions (and the
   * anonymous ones minted from them) in the same transaction. Returns the updated user (null
   * when there is none) and the ids of the sessions revoked.
   */
  async update(
    username: string,
    changes: AuthUserChanges,
    now: number,
    revokeSessionsAt?: number,
  ): Promise<{ user: AuthUserEntity | null; revokedSessionIds: string[] }> {
    const keys = (Object.keys(CHANGE_COLUMNS) as (keyof AuthUserChanges)[]).filter(
      (key) => changes[key] !== undefined && changes[key] !== null,
    );
    const assignments = [...keys.map((key, index) => `${CHANGE_COLUMNS[key]} = $${index + 1}`), `updated_at = $${keys.length + 1}`];
    const sql = `UPDATE auth_users SET ${assignments.join(', ')} WHERE username = $${keys.length + 2} RETURNING ${COLUMNS}`;
    const params = [...keys.map((key) => changes[key]), now, username];
    return this.sql.transaction(async (tx) => {
      const [row] = await tx.query<UserRow>(sql, params);
      if (!row) return { user: null, revokedSessionIds: [] };
      const revokedSessionIds = revokeSessionsAt === undefined ? [] : await revokeSessionsOf(tx, username, revokeSessionsAt);
      return { user: toEntity(row), revokedSessionIds };
    });
  }

  /** Deletes the user and revokes their sessions; `deleted` false when there was no such user. */
  async delete(username: string, now: number): Promise<{ deleted: boolean; revokedSessionIds: string[] }> {
    return this.sql.transaction(async (tx) => {
      const deleted = (await tx.execute('DELETE FROM auth_users WHERE username = $1', [username])) > 0;
      return { deleted, revokedSessionIds: deleted ? await revokeSessionsOf(tx, username, now) : [] };
    });
  }
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
