// Jest configuration of a service: its unit specs once, and its e2e suite once per backend.
// PostgreSQL runs are left out (with one line saying why) when no server answers, unless
// SIMSVC_TEST_REQUIRE_PG=1 (CI), where an unreachable server fails the run instead.
import path from 'node:path';
import type { Config } from 'jest';
import { postgresAvailability, postgresGlobals } from './postgres-availability.ts';

type Backend = 'sqlite' | 'postgresql';

export function serviceJestConfig(service: string, projectDir: string): () => Promise<{ projects: Config[] }> {
  const base = { preset: path.join(import.meta.dirname, '../../jest.preset.js'), rootDir: projectDir };
  const backendSetup = (backend: Backend): string => path.join(import.meta.dirname, `backend-${backend}.ts`);
  const e2e = (backend: Backend): Config => ({
    ...base,
    displayName: `${service}:${backend}`,
    testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
    setupFiles: ['reflect-metadata', backendSetup(backend)],
  });

  return async () => {
    // Unit specs include repository specs, on SQLite and (SIMSVC_PG_AVAILABLE) PostgreSQL.
    const unit: Config = {
      ...base,
      displayName: service,
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
      globals: await postgresGlobals(service),
    };
    const projects: Config[] = [unit, e2e('sqlite')];
    const pg = await postgresAvailability();
    if (pg.available) projects.push(e2e('postgresql'));
    else if (process.env.SIMSVC_TEST_REQUIRE_PG === '1')
      throw new Error(`PostgreSQL is required (SIMSVC_TEST_REQUIRE_PG=1) but ${pg.reason}`);
    else console.warn(`[${service}] PostgreSQL e2e tests skipped: ${pg.reason}; start PostgreSQL or set SIMSVC_TEST_PG_URL to run them.`);
    return { projects };
  };
}
