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
