// The closing lines of `make test`: each stage's counts (appended by the jest summary reporter and
// tools/schemathesis/run.sh to KADR_TEST_SUMMARY_FILE), then one plain total
// "tests: N passed, N failed, N skipped" as the last line — schemathesis closes its own output with a
// pytest-style line, which would otherwise be the last word on the whole run.
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.env.KADR_TEST_SUMMARY_FILE;
if (!file) {
  console.error('print-test-summary: KADR_TEST_SUMMARY_FILE is not set');
  process.exit(2);
}
const stages = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const total = { passed: 0, failed: 0, skipped: 0 };
const lines = ['', 'make test, by stage:'];
const width = Math.max(...stages.map((s) => s.stage.length));
for (const stage of stages) {
  for (const key of Object.keys(total)) total[key] += stage[key];
  lines.push(
    `  ${stage.stage.padEnd(width)}  ${stage.passed} passed, ${stage.failed} failed, ${stage.skipped} skipped`,
  );
}
lines.push(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
const text = `${lines.join('\n')}\n`;
process.stdout.write(text);
writeFileSync(`${file}.txt`, text);
process.exit(total.failed > 0 || stages.length === 0 ? 1 : 0);
