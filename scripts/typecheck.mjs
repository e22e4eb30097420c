// Type-checks every workspace that has a tsconfig.json (tsc --noEmit), in parallel pairs.
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const dirs = workspaces
  .flatMap((w) => (w.endsWith('/*') ? readdirSync(join(root, w.slice(0, -2))).map((d) => join(w.slice(0, -2), d)) : [w]))
  .filter((d) => existsSync(join(root, d, 'tsconfig.json')));
const tsc = join(root, 'node_modules/typescript/bin/tsc');
let failed = 0;
const run = (dir) =>
  new Promise((resolve) => {
    const p = spawn(process.execPath, [tsc, '--noEmit', '-p', join(root, dir)], { stdio: 'inherit' });
    p.on('exit', (code) => {
      if (code !== 0) { failed++; console.error(`typecheck failed: ${dir}`); }
      resolve();
    });
  });
const queue = [...dirs];
await Promise.all([0, 1].map(async () => { while (queue.length) await run(queue.shift()); }));
console.log(`typecheck: ${dirs.length - failed}/${dirs.length} workspaces clean`);
process.exit(failed ? 1 : 0);
