// Fails when a test failed or was skipped, when a required project (every service on both
// backends, every lib, every medium tier on both backends) ran no test, when a project's
// PostgreSQL run left out a spec file its SQLite run ran (or the other way round), or (with
// --node-major N) when the run was not on Node.js N. Prints the plain closing line CI reads.
//   node tools/ci/check-test-report.ts <summary.json> [--node-major 24]
import fs from 'node:fs';
import type { TestSummary } from './project-reporter.ts';

const REQUIRED_PROJECTS = [
  ...['auth', 'contracts', 'persistence', 'platform', 'run-database', 'testing'],
  ...['cache', 'catalog', 'results'].flatMap((service) => [service, `${service}:sqlite`, `${service}:postgresql`]),
  ...['client', 'client:sqlite', 'client:postgresql'],
  ...['cache', 'catalog', 'results', 'persistence'].flatMap((project) => [`${project}:medium:sqlite`, `${project}:medium:postgresql`]),
];

const [summaryFile, ...options] = process.argv.slice(2);
if (!summaryFile) {
  console.error('usage: node tools/ci/check-test-report.ts <summary.json> [--node-major N]');
  process.exit(2);
}
const nodeMajorIndex = options.indexOf('--node-major');
const expectedNodeMajor = nodeMajorIndex >= 0 ? Number(options[nodeMajorIndex + 1]) : undefined;

const { node, projects } = JSON.parse(fs.readFileSync(summaryFile, 'utf8')) as TestSummary;
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems: string[] = [];
for (const [name, counts] of Object.entries(projects)) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  if (counts.skipped > 0) problems.push(`${name}: ${counts.skipped} tests skipped`);
  if (counts.suitesFailedToRun > 0) problems.push(`${name}: ${counts.suitesFailedToRun} suites failed to run`);
}
for (const project of REQUIRED_PROJECTS) {
  if (!projects[project] || projects[project].passed === 0) problems.push(`${project}: no test ran`);
}
for (const [name, counts] of Object.entries(projects)) {
  if (!name.endsWith(':sqlite')) continue;
  const postgresql = `${name.slice(0, -':sqlite'.length)}:postgresql`;
  const missing = (from: string[], to: string[] | undefined) => from.filter((file) => !to?.includes(file));
  for (const file of missing(counts.files, projects[postgresql]?.files)) problems.push(`${postgresql}: ${file} did not run`);
  for (const file of missing(projects[postgresql]?.files ?? [], counts.files)) problems.push(`${name}: ${file} did not run`);
}
if (totals.failed > 0) problems.push(`${totals.failed} tests failed`);
if (expectedNodeMajor !== undefined && Number(/^v(\d+)\./.exec(node)?.[1]) !== expectedNodeMajor) {
  problems.push(`the tests ran on Node.js ${node}, not ${expectedNodeMajor}`);
}

console.log(`Node.js ${node}: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
for (const problem of problems) console.error(`ci: ${problem}`);
process.exit(problems.length > 0 ? 1 : 0);
