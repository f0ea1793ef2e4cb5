import pg from 'pg';

export const adminUrl = (): string => process.env.SIMSVC_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export type Availability = { available: true } | { available: false; reason: string };

export async function postgresAvailability(): Promise<Availability> {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { available: true };
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    return { available: false, reason: `no PostgreSQL server answers at ${adminUrl()} (${code ?? message})` };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Jest `globals` for a project with PostgreSQL specs: `SIMSVC_PG_AVAILABLE`. Unreachable server:
 * fails when SIMSVC_TEST_REQUIRE_PG=1 (CI), else one line says those specs are skipped.
 */
export async function postgresGlobals(project: string): Promise<{ SIMSVC_PG_AVAILABLE: boolean }> {
  const pg = await postgresAvailability();
  if (!pg.available) {
    if (process.env.SIMSVC_TEST_REQUIRE_PG === '1') throw new Error(`PostgreSQL is required (SIMSVC_TEST_REQUIRE_PG=1) but ${pg.reason}`);
    console.warn(`[${project}] PostgreSQL specs skipped: ${pg.reason}; start PostgreSQL or set SIMSVC_TEST_PG_URL to run them.`);
  }
  return { SIMSVC_PG_AVAILABLE: pg.available };
}
