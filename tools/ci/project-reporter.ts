// Jest reporter: counts passed/failed/skipped tests per project (displayName, e.g. cache:postgresql),
// prints them, and writes them, the spec files each project ran and the Node.js version that ran
// them to $SIMSVC_TEST_SUMMARY for tools/ci/check-test-report.ts.
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, Test, TestResult } from '@jest/reporters';

export interface ProjectCounts {
  passed: number;
  failed: number;
  skipped: number;
  suitesFailedToRun: number;
  /** The spec files the project ran, relative to the working directory, sorted. */
  files: string[];
}

/** What $SIMSVC_TEST_SUMMARY holds. */
export interface TestSummary {
  node: string;
  projects: Record<string, ProjectCounts>;
}

export default class ProjectReporter implements Pick<Reporter, 'onTestResult' | 'onRunComplete'> {
  private readonly projects = new Map<string, ProjectCounts>();

  onTestResult(test: Test, result: TestResult): void {
    const name = test.context.config.displayName?.name ?? 'unnamed';
    const counts = this.projects.get(name) ?? { passed: 0, failed: 0, skipped: 0, suitesFailedToRun: 0, files: [] };
    counts.passed += result.numPassingTests;
    counts.failed += result.numFailingTests;
    counts.skipped += result.numPendingTests + result.numTodoTests;
    if (result.testExecError) counts.suitesFailedToRun += 1;
    counts.files.push(path.relative(process.cwd(), test.path));
    this.projects.set(name, counts);
  }

  onRunComplete(): void {
    const projects = Object.fromEntries(
      [...this.projects].sort(([a], [b]) => a.localeCompare(b)).map(([name, counts]) => [name, { ...counts, files: counts.files.sort() }]),
    );
    for (const [name, counts] of Object.entries(projects)) {
      console.log(`  ${name.padEnd(30)} ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
    }
    if (process.env.SIMSVC_TEST_SUMMARY) {
      const summary: TestSummary = { node: process.version, projects };
      fs.writeFileSync(process.env.SIMSVC_TEST_SUMMARY, JSON.stringify(summary, null, 2));
    }
  }
}
