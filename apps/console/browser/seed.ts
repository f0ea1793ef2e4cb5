// Seeded data for the browser tests and screenshots, written through the real APIs: users of each
// role, simulations with versions and schemas, executions over two weeks, results registered
// from sim2l run databases, cache entries with hits and misses, an invalidation, and a manifest
// left pending in the catalog's watch directory.

import { createSimsvcClient, type SimsvcClient } from '@simsvc/client';
import { writeRunDatabase } from '@simsvc/testing';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN, type Stack } from './stack';

export const USERS = {
  admin: ADMIN,
  developer: { username: 'dev', password: 'developer-password-1' },
  user: { username: 'uma', password: 'user-password-1' },
};
export const PENDING_SIMULATION = 'wave-2d';
export const HEAT = 'heat-1d';
export const HEAT_RUNS = 240;
/** The text input of heat-1d's runs, for colour-by and the value choices of a text filter. */
export const SOLVERS = ['cg', 'gmres', 'jacobi'] as const;

const HEAT_SCHEMA = {
  input_schema: {
    length: { type: 'number', units: 'm', min: 0.1, max: 10, default: 1, description: 'rod length' },
    conductivity: { type: 'number', units: 'W/(m·K)', min: 1, max: 400, default: 50 },
    n_points: { type: 'integer', min: 2, max: 10000, default: 50 },
    solver: { type: 'string', default: 'cg', description: 'linear solver' },
    adaptive: { type: 'boolean', default: false, description: 'adaptive time steps' },
  },
  output_schema: {
    max_temperature: { type: 'number', units: 'K' },
    energy: { type: 'number', units: 'J' },
  },
} as const;

function manifest(name: string, version: string, description: string, tags: string[]) {
  return { name, version, description, author: 'Simsvc examples', tags, ...HEAT_SCHEMA };
}

/** Writes the manifest the sync page shows as pending; call before the catalog starts (or any time). */
export function writePendingManifest(watchDir: string): void {
  const dir = path.join(watchDir, 'tools', PENDING_SIMULATION);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'simulation.json'),
    JSON.stringify({ ...manifest(PENDING_SIMULATION, '0.1.0', 'Two-dimensional wave equation on a membrane', ['pde', 'waves']) }),
  );
}

function clientAs(stack: Stack): SimsvcClient {
  return createSimsvcClient({ cacheUrl: stack.urls.cache, catalogUrl: stack.urls.catalog, resultsUrl: stack.urls.results });
}

/** A deterministic pseudo-random sequence, so screenshots look the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

function timestamp(date: Date): string {
  return date.toISOString().replace('Z', '').padEnd(26, '0');
}

export async function seed(stack: Stack): Promise<void> {
  const admin = clientAs(stack);
  await admin.session.login(ADMIN);
  await admin.cache.POST('/users', { body: { ...USERS.developer, role: 'developer', email: 'dev@example.org' } });
  await admin.cache.POST('/users', { body: { ...USERS.user, role: 'user', email: 'uma@example.org' } });

  const dev = clientAs(stack);
  await dev.session.login(USERS.developer);
  const sims = [
    manifest(HEAT, '1.0.0', 'One-dimensional heat conduction in a rod (explicit finite differences)', ['heat', 'pde']),
    manifest(HEAT, '1.1.0', 'One-dimensional heat conduction in a rod (implicit scheme, larger steps)', ['heat', 'pde']),
    { ...manifest('beam-bending', '2.0.1', 'Euler–Bernoulli beam deflection under distributed load', ['structures', 'fem']) },
    { ...manifest('lattice-boltzmann', '0.9.0', 'Lattice Boltzmann flow past a cylinder', ['cfd', 'pde']) },
  ];
  const registered = [];
  for (const body of sims) registered.push(await dev.catalog.POST('/simulations', { body }));
  const heat = registered[1];
  const heatOld = registered[0];

  const next = random(42);
  const day0 = Date.UTC(2026, 10, 10, 8);
  const statuses = ['completed', 'completed', 'completed', 'completed', 'cached', 'failed'] as const;
  for (let i = 0; i < HEAT_RUNS; i += 1) {
    const executionId = `heat-${String(i + 1).padStart(4, '0')}`;
    const length = Number((0.5 + next() * 9).toFixed(3));
    const conductivity = Number((5 + next() * 390).toFixed(1));
    const nPoints = 20 + Math.floor(next() * 200);
    const started = new Date(day0 + Math.floor(i / (HEAT_RUNS / 14)) * 86_400_000 + Math.floor(next() * 36_000_000));
    const duration = Number((0.5 + next() * 4).toFixed(3));
    const completed = new Date(started.getTime() + duration * 1000);
    const status = statuses[Math.floor(next() * statuses.length)];
    // Every fifth run is of the older version; failed runs are registered too (without outputs).
    const version = i % 5 === 0 ? heatOld : heat;
    const solver = SOLVERS[i % SOLVERS.length];
    const adaptive = i % 4 === 0;
    await dev.catalog.POST('/executions', {
      body: {
        execution_id: executionId,
        simulation_id: version.id,
        status,
        executor_type: 'local',
        started_at: timestamp(started),
        completed_at: timestamp(completed),
        duration_seconds: duration,
      },
    });
    const maxTemperature = 300 + (400 * length) / (1 + conductivity / 80) + (solver === 'jacobi' ? 8 : 0) + next() * 15;
    const file = `heat/${executionId}.db`;
    writeRunDatabase(path.join(stack.runsRoot, file), {
      execution_id: executionId,
      simulation_name: HEAT,
      simulation_version: version.version,
      simulation_id: version.id,
      status,
      squid_id: `${HEAT}/${version.version}/${executionId}`,
      started_at: timestamp(started),
      completed_at: timestamp(completed),
      duration_seconds: duration,
      inputs: {
        length: { value: length, type: 'number', units: 'm' },
        conductivity: { value: conductivity, type: 'number', units: 'W/(m·K)' },
        n_points: { value: nPoints, type: 'integer' },
        solver: { value: solver, type: 'string' },
        adaptive: { value: adaptive, type: 'boolean' },
      },
      outputs:
        status === 'failed'
          ? {}
          : {
              max_temperature: { value: Number(maxTemperature.toFixed(2)), type: 'number', units: 'K' },
              energy: { value: Number((length * conductivity * 12.5 + next() * 200).toFixed(1)), type: 'number', units: 'J' },
            },
    });
    await dev.results.POST('/register', { body: { execution_id: executionId, run_db_path: file, metadata: { host: `node-${i % 4}` } } });
  }

  // Cache: entries of two simulations, some looked up (hits), some keys missed.
  for (const [index, sim] of registered.entries()) {
    const entries = index === 1 ? 24 : 6;
    for (let i = 0; i < entries; i += 1) {
      const key = `${sim.name}/${sim.version}/${(index * 1000 + i).toString(16).padStart(8, '0')}`;
      await dev.cache.POST('/cache', {
        body: {
          cache_key: key,
          simulation_id: sim.id,
          simulation_name: sim.name,
          simulation_version: sim.version,
          execution_id: `${sim.name}-${i}`,
          squid_id: key,
          input_hash: key.slice(-8),
          run_db_path: `${sim.name}/${i}.db`,
          ttl_hours: 72,
        },
      });
      const lookups = Math.floor(next() * (index + 2));
      for (let n = 0; n < lookups; n += 1) {
        await dev.cache.GET('/cache/{cache_key}', { params: { path: { cache_key: key }, query: { simulation_id: sim.id } } });
      }
    }
    for (let miss = 0; miss < 2 + index; miss += 1) {
      await dev.cache.raw.GET('/cache/{cache_key}', {
        params: { path: { cache_key: `${sim.name}/missing/${miss}` }, query: { simulation_id: sim.id } },
      });
    }
  }
  await dev.cache.POST('/cache/invalidate', { body: { pattern: 'lattice-boltzmann/*', reason: 'solver bug fixed in 0.9.1' } });
}
