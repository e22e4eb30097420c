// `npm test`: lint, type-check, the contract check, every workspace's Jest tests, the scale test,
// then the Playwright journeys. Ends with one line "N passed, N failed" (lint, type-check and the contract
// check count as one check each).
import { spawnSync } from 'node:child_process';
import { readFileSync, existsSync, rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.tmp');
mkdirSync(out, { recursive: true });
let passed = 0;
let failed = 0;
const step = (name, cmd, args, env = {}) => {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
};
const only = process.argv.slice(2);
const want = (s) => only.length === 0 || only.includes(s);

const count = (ok) => (ok ? passed++ : failed++);
/**
 * The failures a runner's report names, and one when it failed without naming any: a runner that
 * stopped before its tests (Playwright's web server on a port already taken, a global setup that
 * threw) writes a report of nothing failed, and must not let the run end green.
 */
const countFailure = (ok, named) => (!ok && named === 0 ? 1 : named);
if (want('lint')) count(step('lint', 'npx', ['eslint', '.']));
if (want('typecheck')) count(step('typecheck', process.execPath, ['scripts/typecheck.mjs']));
// A payload type edited in a copy of shared/contracts must fail both the calling remote and the
// answering service (scripts/check-contracts.mjs).
if (want('contracts')) count(step('contracts', process.execPath, ['scripts/check-contracts.mjs']));

if (want('unit')) {
  const report = join(out, 'jest.json');
  rmSync(report, { force: true });
  // On two cores Jest has one worker, so it runs every suite in band, in its own process: a handle
  // a suite failed to close (a server started after its hook timed out on a busy machine) would keep
  // that process, and CI, waiting for ever once every result is written.
  const ok = step('jest', 'npx', ['jest', '--json', `--outputFile=${report}`, '--forceExit']);
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += countFailure(ok, r.numFailedTests + r.numRuntimeErrorTestSuites);
  } else if (!ok) failed++;
}

// Two copies of every service and two gateways behind a balancer (tools/scale-test, about a minute
// and a half; docs/deploying.md, "The scale test"): counts as one check.
if (want('scale') && existsSync(join(root, 'tools/scale-test/package.json'))) count(step('scale test', 'npm', ['run', 'test:scale']));

if (want('e2e') && existsSync(join(root, 'e2e/playwright.config.ts'))) {
  const report = join(out, 'playwright.json');
  rmSync(report, { force: true });
  const ok = step('playwright', 'npm', ['test', '-w', 'e2e'], { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  if (existsSync(report)) {
    const s = JSON.parse(readFileSync(report, 'utf8')).stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += countFailure(ok, s.unexpected ?? 0);
  } else if (!ok) failed++;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
