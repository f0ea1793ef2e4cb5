import { SqlExecutor } from '../database/sql-executor';
import { AuthSessionEntity } from './auth-session.entity';

/** A user as the per-request check sees them. */
export interface SessionHolderRecord {
  role: string;
  disabled: boolean;
}

/** What the per-request check needs to know about a session: its row and the users it speaks for now. */
export interface SessionStateRecord {
  revokedAt: number | null;
  /** null for anonymous sessions. */
  username: string | null;
  /** Space-separated privileges of the session's latest token. */
  privileges: string;
  /** The user of a user session as stored now; null when there is none (anonymous, or deleted). */
  user: SessionHolderRecord | null;
  /** The user an anonymous session was minted from, as stored now; null when none or deleted. */
  issuer: SessionHolderRecord | null;
}

interface StateRow {
  revoked_at: number | string | null;
  username: string | null;
  issued_by: string | null;
  privileges: string;
  user_role: string | null;
  user_disabled: boolean | number | null;
  issuer_role: string | null;
  issuer_disabled: boolean | number | null;
}

const STATE_SQL = `SELECT s.revoked_at, s.username, s.issued_by, s.privileges,
    u.role AS user_role, u.disabled AS user_disabled, i.role AS issuer_role, i.disabled AS issuer_disabled
  FROM auth_sessions s
  LEFT JOIN auth_users u ON u.username = s.username
  LEFT JOIN auth_users i ON i.username = s.issued_by
  WHERE s.id = $1`;

interface SessionRow {
  id: string;
  username: string | null;
  issued_by: string | null;
  role: string;
  privileges: string;
  lifetime_seconds: number;
  created_at: number | string;
  expires_at: number | string;
  revoked_at: number | string | null;
}

const COLUMNS = 'id, username, issued_by, role, privileges, lifetime_seconds, created_at, expires_at, revoked_at';

export class AuthSessionRepository {
  constructor(private readonly sql: SqlExecutor) {}

  async insert(session: AuthSessionEntity): Promise<void> {
    await this.sql.execute(`INSERT INTO auth_sessions (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, [
      session.id,
      session.username,
      session.issuedBy,
      session.role,
      session.privileges,
      session.lifetimeSeconds,
      session.createdAt,
      session.expiresAt,
      session.revokedAt,
    ]);
  }

  async findById(id: string): Promise<AuthSessionEntity | null> {
    const rows = await this.sql.query<SessionRow>(`SELECT ${COLUMNS} FROM auth_sessions WHERE id = $1`, [id]);
    return rows[0] ? toEntity(rows[0]) : null;
  }

  /** The per-request lookup (made at most once per session every 2 s): one row by key, two joins by unique key. */
  async findState(id: string): Promise<SessionStateRecord | null> {
    const [row] = await this.sql.query<StateRow>(STATE_SQL, [id]);
    if (!row) return null;
    return {
      revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
      username: row.username,
      privileges: row.privileges,
      user: row.user_role === null ? null : { role: row.user_role, disabled: Boolean(row.user_disabled) },
      issuer: row.issuer_role === null ? null : { role: row.issuer_role, disabled: Boolean(row.issuer_disabled) },
    };
  }

  /**
   * Records a newly issued token of a live session: its claims become the session's, and the
   * session's expiry moves to the token's when later. False when the session is revoked or gone.
   */
  async recordRefresh(id: string, role: string, privileges: string, tokenExpiresAt: number): Promise<boolean> {
    const affected = await this.sql.execute(
      `UPDATE auth_sessions SET role = $1, privileges = $2, expires_at = CASE WHEN expires_at < $3 THEN $3 ELSE expires_at END
       WHERE id = $4 AND revoked_at IS NULL`,
      [role, privileges, tokenExpiresAt, id],
    );
    return affected > 0;
  }

  /** True when this call revoked it (false: unknown or already revoked). */
  async revoke(id: string, now: number): Promise<boolean> {
    const affected = await this.sql.execute('UPDATE auth_sessions SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [now, id]);
    return affected > 0;
  }

  /** Removes sessions none of whose tokens can still be valid. */
  async deleteExpired(now: number): Promise<number> {
    const affected = await this.sql.execute('DELETE FROM auth_sessions WHERE expires_at < $1', [now]);
    return affected;
  }
}

function toEntity(row: SessionRow): AuthSessionEntity {
  return Object.assign(new AuthSessionEntity(), {
    id: row.id,
    username: row.username,
    issuedBy: row.issued_by,
    role: row.role,
    privileges: row.privileges,
    lifetimeSeconds: Number(row.lifetime_seconds),
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  });
}
