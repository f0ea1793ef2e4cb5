// Jest configuration of a service: its unit specs once, and its e2e suite and its medium specs
// (repositories on a real database, *.medium.spec.ts) once per backend. PostgreSQL runs are left
// out (with one line saying why) when no server answers, unless SIMSVC_TEST_REQUIRE_PG=1 (CI),
// where an unreachable server fails the run instead.
import path from 'node:path';
import type { Config } from 'jest';
import { postgresAvailability } from './postgres-availability.ts';

type Backend = 'sqlite' | 'postgresql';

const preset = path.join(import.meta.dirname, '../../jest.preset.js');
const backendSetup = (backend: Backend): string => path.join(import.meta.dirname, `backend-${backend}.ts`);

/** Every project of `make` once per backend available: `make('sqlite')`, and `make('postgresql')` when a server answers. */
async function perBackend(name: string, make: (backend: Backend) => Config[]): Promise<Config[]> {
  const projects = make('sqlite');
  const pg = await postgresAvailability();
  if (pg.available) projects.push(...make('postgresql'));
  else if (process.env.SIMSVC_TEST_REQUIRE_PG === '1')
    throw new Error(`PostgreSQL is required (SIMSVC_TEST_REQUIRE_PG=1) but ${pg.reason}`);
  else console.warn(`[${name}] PostgreSQL tests skipped: ${pg.reason}; start PostgreSQL or set SIMSVC_TEST_PG_URL to run them.`);
  return projects;
}

/** The medium tier of a project: its `src/**\/*.medium.spec.ts` on one backend, as `<name>:medium:<backend>`. */
function mediumProject(name: string, projectDir: string, backend: Backend): Config {
  return {
    preset,
    rootDir: projectDir,
    displayName: `${name}:medium:${backend}`,
    testMatch: ['<rootDir>/src/**/*.medium.spec.ts'],
    testPathIgnorePatterns: ['/node_modules/'],
    setupFiles: ['reflect-metadata', backendSetup(backend)],
  };
}

/** A library's medium projects, one per backend (its unit project is its own jest.config.js). */
export function mediumJestProjects(name: string, projectDir: string): Promise<Config[]> {
  return perBackend(name, (backend) => [mediumProject(name, projectDir, backend)]);
}

export function serviceJestConfig(service: string, projectDir: string): () => Promise<{ projects: Config[] }> {
  const e2e = (backend: Backend): Config => ({
    preset,
    rootDir: projectDir,
    displayName: `${service}:${backend}`,
    testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
    setupFiles: ['reflect-metadata', backendSetup(backend)],
  });
  const unit: Config = { preset, rootDir: projectDir, displayName: service, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
  return async () => ({
    projects: [unit, ...(await perBackend(service, (backend) => [e2e(backend), mediumProject(service, projectDir, backend)]))],
  });
}
