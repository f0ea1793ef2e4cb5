// `npm test`: every project's unit specs, and every service's e2e suite once per backend, in one
// jest run (one worker pool for the whole suite).
const path = require('node:path');

const libs = ['auth', 'contracts', 'persistence', 'platform', 'testing'];
const services = ['cache', 'catalog', 'results'];

module.exports = async () => {
  const load = async (file) => {
    const config = require(file);
    return typeof config === 'function' ? config() : config;
  };
  const projects = await Promise.all(libs.map((lib) => load(path.join(__dirname, 'libs', lib, 'jest.config.js'))));
  for (const service of services) {
    const serviceConfig = await load(path.join(__dirname, 'apps', service, 'jest.config.js'));
    projects.push(...serviceConfig.projects);
  }
  return { projects, testTimeout: 30_000, reporters: ['default', path.join(__dirname, 'tools/ci/project-reporter.ts')] };
};
