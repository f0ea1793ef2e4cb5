import { SqlExecutor } from '../database/sql-executor';

export class AuthSettingRepository {
  constructor(private readonly sql: SqlExecutor) {}

  /**
   * Stores `value` unless the setting exists, then returns the stored value: replicas starting
   * together each propose one and all end up with the same.
   */
  async getOrInsert(name: string, value: string): Promise<string> {
    await this.sql.execute('INSERT INTO auth_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, value]);
    const rows = await this.sql.query<{ value: string }>('SELECT value FROM auth_settings WHERE name = $1', [name]);
    return rows[0].value;
  }
}
