// Jest reporter: counts passed/failed/skipped tests per project (displayName, e.g. cache:postgresql),
// prints them, and writes them with the Node.js version that ran them to $SIMSVC_TEST_SUMMARY
// for tools/ci/check-test-report.js.
const fs = require('node:fs');

class ProjectReporter {
  constructor() {
    this.projects = new Map();
  }

  onTestResult(test, result) {
    const name = test.context.config.displayName?.name ?? 'unnamed';
    const counts = this.projects.get(name) ?? { passed: 0, failed: 0, skipped: 0, suitesFailedToRun: 0 };
    counts.passed += result.numPassingTests;
    counts.failed += result.numFailingTests;
    counts.skipped += result.numPendingTests + result.numTodoTests;
    if (result.testExecError) counts.suitesFailedToRun += 1;
    this.projects.set(name, counts);
  }

  onRunComplete() {
    const projects = Object.fromEntries([...this.projects].sort(([a], [b]) => a.localeCompare(b)));
    for (const [name, counts] of Object.entries(projects)) {
      console.log(`  ${name.padEnd(22)} ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
    }
    if (process.env.SIMSVC_TEST_SUMMARY) {
      fs.writeFileSync(process.env.SIMSVC_TEST_SUMMARY, JSON.stringify({ node: process.version, projects }, null, 2));
    }
  }
}

module.exports = ProjectReporter;
