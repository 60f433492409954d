'use strict';
// Prints, after every run: a table of the contract and integration suites (files named
// *.contract.test.ts / *.integration.test.ts) — each file's tests counted per adapter or real
// server kind —, one line per skipped suite (a real-server suite without its server, a journey
// without Chromium) with the reason, and a closing "N passed, N failed" line.
// The adapter of a test is the `[...]` tag in its describe titles: contract suites name theirs
// (`kv-store contract [redis]`), describeWithRealServer adds the server kind
// (packages/tooling/src/real-servers.ts); a test under no tag counts as "none".
// With KADR_TEST_SUMMARY_FILE set (`make test`), the counts (and the table's rows) are also appended
// there as one JSON line under KADR_TEST_STAGE, for the closing summary of every stage
// (tools/test/print-test-summary.mjs).

const fs = require('node:fs');
const path = require('node:path');

const SUITE_FILE = /\.(contract|integration)\.test\.ts$/;
const SKIPPED = /^(.*) \(skipped: (.*)\)$/;
const TAG = /\[([^\]]*)\]/g;
const ADAPTERS = ['memory', 'fs', 'kafka', 'mongodb', 'redis', 's3', 'catcher', 'smtp'];

/** The adapters named by the `[...]` tags of a test's describe titles, e.g. "kafka+mongodb". */
function adapterOf(ancestorTitles) {
  const named = new Set();
  for (const title of ancestorTitles) {
    for (const [, tag] of title.matchAll(TAG)) {
      for (const word of tag.split(/[^a-z0-9]+/i)) if (ADAPTERS.includes(word)) named.add(word);
    }
  }
  return named.size ? ADAPTERS.filter((a) => named.has(a)).join('+') : 'none';
}

/** One row per (suite file, adapter) with its counts; a file that failed to load is one failed row. */
function suiteRows(testResults, rootDir) {
  const rows = new Map();
  const row = (file, adapter) => {
    const key = `${file}\0${adapter}`;
    if (!rows.has(key)) rows.set(key, { file, adapter, passed: 0, failed: 0, skipped: 0 });
    return rows.get(key);
  };
  for (const fileResult of testResults) {
    if (!SUITE_FILE.test(fileResult.testFilePath)) continue;
    const file = path.relative(rootDir, fileResult.testFilePath);
    if (fileResult.testExecError && fileResult.testResults.length === 0) {
      row(file, 'did not run').failed += 1;
      continue;
    }
    for (const test of fileResult.testResults) {
      const counts = row(file, adapterOf(test.ancestorTitles));
      if (test.status === 'passed') counts.passed += 1;
      else if (test.status === 'failed') counts.failed += 1;
      else counts.skipped += 1;
    }
  }
  return [...rows.values()].sort((a, b) => a.file.localeCompare(b.file) || a.adapter.localeCompare(b.adapter));
}

function formatTable(rows) {
  const header = { file: 'suite file', adapter: 'adapter', passed: 'passed', failed: 'failed', skipped: 'skipped' };
  const all = [header, ...rows];
  const width = (key) => Math.max(...all.map((r) => String(r[key]).length));
  const [wf, wa, wp, wx, ws] = ['file', 'adapter', 'passed', 'failed', 'skipped'].map(width);
  const line = (r) =>
    `  ${r.file.padEnd(wf)}  ${r.adapter.padEnd(wa)}  ${String(r.passed).padStart(wp)}  ${String(r.failed).padStart(wx)}  ${String(r.skipped).padStart(ws)}`;
  return all.map(line);
}

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig?.rootDir ?? process.cwd();
  }

  onRunComplete(_contexts, results) {
    const rows = suiteRows(results.testResults, this.rootDir);
    const skipped = new Map();
    for (const file of results.testResults) {
      for (const test of file.testResults) {
        for (const title of test.ancestorTitles) {
          const skip = SKIPPED.exec(title);
          if (skip) skipped.set(skip[1], skip[2]);
        }
      }
    }
    const out = [];
    if (rows.length) {
      out.push('', 'Contract and integration suites, by adapter:', ...formatTable(rows));
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
      const line = JSON.stringify({
        stage,
        passed: results.numPassedTests,
        failed,
        skipped: skippedTests,
        suites: rows,
      });
      fs.appendFileSync(process.env.KADR_TEST_SUMMARY_FILE, `${line}\n`);
    }
  }
}

module.exports = SummaryReporter;
module.exports.suiteRows = suiteRows;
module.exports.adapterOf = adapterOf;
