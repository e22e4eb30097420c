// The command line: usage errors exit 2 with the usage, refusals exit 1 with one line, no stack.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { main } from './cli';
import { readBackup } from './backupFile';

const cli = join(__dirname, 'cli.ts');
const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { encoding: 'utf8', env: { ...process.env, MONGODB_URI: '', ...env } });

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'db-ops-cli-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('db-ops command line', () => {
  jest.setTimeout(30_000);

  it.each([
    [['backup'], /db:backup needs one file name/],
    [['restore'], /db:restore needs one backup file/],
    [['migrate'], /db:migrate needs --to <mongodb uri>/],
    [['migrate', 'file'], /db:migrate takes no file/],
    [['backup', 'f', '--to', 'mongodb://x'], /--to is for db:restore and db:migrate/],
    [['backup', 'f', '--bogus'], /Unknown option '--bogus'/],
    [['shred'], /unknown command shred/],
  ])('%j is a usage error', async (args, message) => {
    await expect(main(args)).rejects.toMatchObject({ exitCode: 2, message: expect.stringMatching(message) });
  });

  it('exits 2 on a usage error and 1 on a refusal, with a message and no stack trace', () => {
    const usage = run(['migrate']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/^error: db:migrate needs --to <mongodb uri>\nusage:/);
    const missing = run(['restore', join(dir, 'nope.gz'), '--to', 'mongodb://127.0.0.1:1/']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe(`error: cannot read ${join(dir, 'nope.gz')}: no such file\n`);
    const nothing = run(['backup', join(dir, 'b.gz')], { DATA_DIR: join(dir, 'empty') });
    expect(nothing.status).toBe(1);
    expect(nothing.stderr).toMatch(/^error: no database found: .* holds no data and MONGODB_URI is not set/);
    expect(`${usage.stderr}${missing.stderr}${nothing.stderr}`).not.toMatch(/\n\s+at /);
  });

  it('refuses a damaged or cut-short backup file before writing anything', async () => {
    const notGzip = join(dir, 'plain.txt');
    writeFileSync(notGzip, 'hello');
    await expect(readBackup(notGzip)).rejects.toThrow(/not a Wishlist backup or is damaged/);
    const cut = join(dir, 'cut.gz');
    writeFileSync(cut, gzipSync(`${JSON.stringify({ wishlistBackup: 1, collections: 1 })}\n{"collection":{"db":"a","name":"b","options":{},"indexes":[],"count":2,"sha256":"x"}}\n{"_id":1}\n`));
    await expect(readBackup(cut)).rejects.toThrow(/holds 1 document\(s\), its header says 2|cut short/);
  });
});
