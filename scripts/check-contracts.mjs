// Contracts in one place (ARCHITECTURE §9): a payload type changed in shared/contracts
// must fail the type-check of the remote that sends it AND of the service that answers it, so
// neither side can be built and deployed against a contract the other no longer speaks.
// Run by `npm test` (scripts/test-all.mjs, step "contracts"); alone: `node scripts/check-contracts.mjs`.
//
// For each pair below, the workspace is copied to a temporary directory (every shared/ package,
// the calling remote, the answering service; npm packages linked, @wishlist/* linked to the
// copies), and `tsc --noEmit` runs there twice: unedited (the copy type-checks, so what fails next
// is the edit's doing), then with the payload edited (both sides must fail, each in its own sources).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

/** The pairs that must break together: the payload, the remote that sends it, the service that answers. */
export const PAIRS = [
  {
    payload: 'CreateProductRequest',
    // remote-lists saveProduct → @wishlist/api-client createProduct(payload: CreateProductRequest)
    caller: 'remote-lists',
    // services/lists domain/products.ts createProduct: the parsed body is typed CreateProductRequest
    answerer: 'services/lists',
    // A field renamed in the contract: the remote still sends productListId, the service still reads it.
    edit: (source) => source.replace(/(interface CreateProductRequest\b[^{]*\{[^}]*?)\bproductListId: string;/, '$1listId: string;'),
  },
];

const skip = (name) => name === 'node_modules' || name === 'dist' || name === '.data' || name.startsWith('.');
const readJson = (p) => JSON.parse(readFileSync(p, 'utf8'));

function copyWorkspace(into, dirs) {
  cpSync(join(ROOT, 'tsconfig.base.json'), join(into, 'tsconfig.base.json'));
  for (const dir of dirs) {
    cpSync(join(ROOT, dir), join(into, dir), { recursive: true, filter: (src) => !skip(src.split('/').pop()) });
    // A workspace's own node_modules (versions that differ from the root's) stay reachable.
    if (existsSync(join(ROOT, dir, 'node_modules'))) symlinkSync(join(ROOT, dir, 'node_modules'), join(into, dir, 'node_modules'));
  }
  mkdirSync(join(into, 'node_modules/@wishlist'), { recursive: true });
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry === '@wishlist' || entry === '.bin') continue;
    symlinkSync(join(ROOT, 'node_modules', entry), join(into, 'node_modules', entry));
  }
  const { workspaces } = readJson(join(ROOT, 'package.json'));
  const all = workspaces.flatMap((w) => (w.endsWith('/*') ? readdirSync(join(ROOT, w.slice(0, -2))).map((d) => `${w.slice(0, -2)}/${d}`) : [w]));
  for (const ws of all) {
    if (!existsSync(join(ROOT, ws, 'package.json'))) continue;
    const { name } = readJson(join(ROOT, ws, 'package.json'));
    if (name.startsWith('@wishlist/')) symlinkSync(dirs.includes(ws) ? join(into, ws) : join(ROOT, ws), join(into, 'node_modules', name));
  }
}

function tsc(cwd, project) {
  return new Promise((done) => {
    let output = '';
    const p = spawn(process.execPath, [TSC, '--noEmit', '--pretty', 'false', '-p', project], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    p.stdout.on('data', (d) => (output += d));
    p.stderr.on('data', (d) => (output += d));
    p.on('close', (code) => done({ code, output }));
  });
}

const errorIn = (output, dir) => output.split('\n').filter((l) => l.startsWith(`${dir}/src/`) && /\): error TS\d+/.test(l));

export async function checkPair({ payload, caller, answerer, edit }) {
  const dir = mkdtempSync(join(tmpdir(), 'contract-check-'));
  const problems = [];
  try {
    const shared = readdirSync(join(ROOT, 'shared')).map((d) => `shared/${d}`);
    copyWorkspace(dir, [...shared, caller, answerer]);
    const before = await Promise.all([tsc(dir, caller), tsc(dir, answerer)]);
    before.forEach((r, i) => {
      if (r.code !== 0) problems.push(`the unedited copy of ${[caller, answerer][i]} does not type-check:\n${r.output}`);
    });
    const file = join(dir, 'shared/contracts/src/payloads.ts');
    const original = readFileSync(file, 'utf8');
    const edited = edit(original);
    if (edited === original) problems.push(`the edit of ${payload} changed nothing (payloads.ts moved on?)`);
    writeFileSync(file, edited);
    const after = await Promise.all([tsc(dir, caller), tsc(dir, answerer)]);
    const result = {};
    [caller, answerer].forEach((side, i) => {
      const errors = errorIn(after[i].output, side);
      result[side] = errors;
      if (after[i].code === 0 || errors.length === 0) problems.push(`${side} still type-checks after ${payload} changed`);
    });
    return { problems, errors: result };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let failed = 0;
  for (const pair of PAIRS) {
    const started = Date.now();
    const { problems, errors } = await checkPair(pair);
    if (problems.length === 0) {
      console.log(`contracts: a change to ${pair.payload} fails ${pair.caller} and ${pair.answerer} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      for (const [side, lines] of Object.entries(errors)) console.log(`  ${side}: ${lines[0]}${lines.length > 1 ? ` (+${lines.length - 1})` : ''}`);
    } else {
      failed++;
      console.error(`contracts: ${pair.payload}:\n  ${problems.join('\n  ')}`);
    }
  }
  process.exit(failed ? 1 : 0);
}
