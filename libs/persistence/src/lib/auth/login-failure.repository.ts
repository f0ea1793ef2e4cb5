import { SqlExecutor } from '../database/sql-executor';

/** Failed logins per (client address, username), shared by every replica using the store. */
export class LoginFailureRepository {
  constructor(private readonly sql: SqlExecutor) {}

  async record(clientAddress: string, username: string, at: number): Promise<void> {
    await this.sql.execute('INSERT INTO auth_login_failures (client_address, username, failed_at) VALUES ($1, $2, $3)', [
      clientAddress,
      username,
      at,
    ]);
  }

  /** Times of the failures after `since`, newest first, at most `limit`. */
  async recent(clientAddress: string, username: string, since: number, limit: number): Promise<number[]> {
    const rows = await this.sql.query<{ failed_at: number | string }>(
      `SELECT failed_at FROM auth_login_failures
       WHERE client_address = $1 AND username = $2 AND failed_at > $3
       ORDER BY failed_at DESC LIMIT $4`,
      [clientAddress, username, since, limit],
    );
    return rows.map((row) => Number(row.failed_at));
  }

  async deleteOlderThan(before: number): Promise<number> {
    return this.sql.execute('DELETE FROM auth_login_failures WHERE failed_at <= $1', [before]);
  }
}
