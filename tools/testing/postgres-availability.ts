const { Client } = require('pg');

const adminUrl = () => process.env.SIMSVC_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

async function postgresAvailability() {
  const client = new Client({ connectionString: adminUrl(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { available: true };
  } catch (error) {
    return { available: false, reason: `no PostgreSQL server answers at ${adminUrl()} (${error.code ?? error.message})` };
  } finally {
    await client.end().catch(() => undefined);
  }
}

module.exports = { postgresAvailability, adminUrl };

/**
 * Jest `globals` for a project with PostgreSQL specs: `SIMSVC_PG_AVAILABLE`. Unreachable server:
 * fails when SIMSVC_TEST_REQUIRE_PG=1 (CI), else one line says those specs are skipped.
 */
async function postgresGlobals(project) {
  const pg = await postgresAvailability();
  if (!pg.available) {
    if (process.env.SIMSVC_TEST_REQUIRE_PG === '1') throw new Error(`PostgreSQL is required (SIMSVC_TEST_REQUIRE_PG=1) but ${pg.reason}`);
    console.warn(`[${project}] PostgreSQL specs skipped: ${pg.reason}; start PostgreSQL or set SIMSVC_TEST_PG_URL to run them.`);
  }
  return { SIMSVC_PG_AVAILABLE: pg.available };
}

module.exports.postgresGlobals = postgresGlobals;
