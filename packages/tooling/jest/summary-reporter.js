'use strict';
// Prints, after every run: one line per contract suite (its adapter and its test counts), one
// line per skipped suite (a real-server suite without its server, a journey without Chromium)
// with the reason, and a closing "N passed, N failed" line.
// Contract suites are the top-level describes whose title contains "contract [adapter]".
// With KADR_TEST_SUMMARY_FILE set (`make test`), the counts are also appended there as one JSON line
// under KADR_TEST_STAGE, for the closing summary of every stage (tools/test/print-test-summary.mjs).

const fs = require('node:fs');

const CONTRACT = /contract \[[^\]]+\]/;
const SKIPPED = /^(.*) \(skipped: (.*)\)$/;

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const suites = new Map();
    const skipped = new Map();
    for (const file of results.testResults) {
      for (const test of file.testResults) {
        const top = test.ancestorTitles[0] ?? '';
        const skip = SKIPPED.exec(top);
        if (skip) {
          skipped.set(skip[1], skip[2]);
          continue;
        }
        if (!CONTRACT.test(top)) continue;
        const counts = suites.get(top) ?? { passed: 0, failed: 0, skipped: 0 };
        if (test.status === 'passed') counts.passed += 1;
        else if (test.status === 'failed') counts.failed += 1;
        else counts.skipped += 1;
        suites.set(top, counts);
      }
    }
    const out = [];
    if (suites.size) {
      out.push('', 'Contract suites:');
      const width = Math.max(...[...suites.keys()].map((t) => t.length));
      for (const [title, c] of [...suites.entries()].sort(([a], [b]) => a.localeCompare(b))) {
        out.push(
          `  ${title.padEnd(width)}  ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`,
        );
      }
    }
    if (skipped.size) {
      out.push('', 'Skipped suites:');
      for (const [title, reason] of skipped) out.push(`  ${title}: ${reason}`);
    }
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skippedTests = results.numPendingTests + results.numTodoTests;
    out.push('', `jest: ${results.numPassedTests} passed, ${failed} failed, ${skippedTests} skipped`);
    process.stdout.write(`${out.join('\n')}\n`);
    if (process.env.KADR_TEST_SUMMARY_FILE) {
      const stage = process.env.KADR_TEST_STAGE || 'jest';
      const line = JSON.stringify({ stage, passed: results.numPassedTests, failed, skipped: skippedTests });
      fs.appendFileSync(process.env.KADR_TEST_SUMMARY_FILE, `${line}\n`);
    }
  }
}

module.exports = SummaryReporter;
