// `npm test`: every project's unit specs, and every service's e2e suite once per backend, in one
// jest run (one worker pool for the whole suite).
const os = require('node:os');
const path = require('node:path');

const libs = ['auth', 'client', 'contracts', 'persistence', 'platform', 'run-database', 'testing'];
const services = ['cache', 'catalog', 'results', 'cli'];

module.exports = async () => {
  const load = async (file) => {
    const config = require(file);
    return typeof config === 'function' ? config() : config;
  };
  const configs = await Promise.all([
    ...libs.map((lib) => load(path.join(__dirname, 'libs', lib, 'jest.config.js'))),
    ...services.map((service) => load(path.join(__dirname, 'apps', service, 'jest.config.js'))),
  ]);
  // A lib with an e2e suite (client) has several projects, like a service.
  const projects = configs.flatMap((config) => config.projects ?? [config]);
  return {
    projects,
    // jest's default, one worker less than the cores, is one worker on a 2-core machine, where the
    // suites (which wait on services, child processes and databases) left 30–40 % of the CPU idle:
    // two workers took 1,058 s against 1,577 s. At most four: each holds PostgreSQL connections.
    maxWorkers: Math.min(4, Math.max(2, os.availableParallelism() - 1)),
    testTimeout: 30_000,
    reporters: ['default', path.join(__dirname, 'tools/ci/project-reporter.ts')],
  };
};
