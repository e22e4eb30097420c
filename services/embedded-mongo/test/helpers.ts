// One switch for the whole suite: MONGODB_URI set -> run against that server and skip the
// engine-only tests; otherwise start an embedded engine (memory only) for the test file.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { start } from '../src/index';

export const REAL_URI = process.env.MONGODB_URI;
export const onEngine = !REAL_URI;
/** describe() for tests that only make sense against the embedded engine. */
export const describeEngine: jest.Describe = onEngine ? describe : describe.skip;

export interface Target {
  uri: string;
  stop(): Promise<void>;
}

export async function startTarget(): Promise<Target> {
  if (REAL_URI) return { uri: REAL_URI, stop: async () => {} };
  const s = await start({ port: 0 });
  return { uri: s.uri, stop: s.stop };
}

let counter = 0;
/** A database name unique to this run (so a real server can be shared). */
export function dbName(prefix: string): string {
  return `emt_${prefix}_${process.pid}_${Date.now().toString(36)}_${counter++}`;
}

const tmpDirs: string[] = [];
export function tmpDir(prefix: string): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), `embedded-mongo-${prefix}-`));
  tmpDirs.push(d);
  return d;
}
export function removeTmpDirs(): void {
  for (const d of tmpDirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
}

/** The engine's CLI as its own process on `dir`; resolves with its URI once it prints it. */
export function spawnEngine(dir: string): Promise<{ child: ChildProcess; uri: string }> {
  const bin = path.join(__dirname, '..', 'bin', 'embedded-mongo.cjs');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, '--port', '0', '--dbpath', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /mongodb:\/\/\S+/.exec(out);
      if (m) resolve({ child, uri: m[0] });
    });
    child.stderr!.on('data', (d) => (err += d));
    child.on('exit', (code) => reject(new Error(`engine exited ${code}: ${err}`)));
  });
}
