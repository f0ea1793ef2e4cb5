// Fails when a test failed or was skipped, or when a required project (every service on both
// backends, every lib) ran no test. Prints the plain closing line CI reads.
const fs = require('node:fs');

const REQUIRED_PROJECTS = [
  ...['auth', 'contracts', 'persistence', 'platform', 'testing'],
  ...['cache', 'catalog', 'results'].flatMap((service) => [service, `${service}:sqlite`, `${service}:postgresql`]),
];

const summary = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
for (const [name, counts] of Object.entries(summary)) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  if (counts.skipped > 0) problems.push(`${name}: ${counts.skipped} tests skipped`);
  if (counts.suitesFailedToRun > 0) problems.push(`${name}: ${counts.suitesFailedToRun} suites failed to run`);
}
for (const project of REQUIRED_PROJECTS) {
  if (!summary[project] || summary[project].passed === 0) problems.push(`${project}: no test ran`);
}
if (totals.failed > 0) problems.push(`${totals.failed} tests failed`);

console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
for (const problem of problems) console.error(`ci: ${problem}`);
process.exit(problems.length > 0 ? 1 : 0);
