import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chunksNamedBy, entryNamedBy, writeSyntheticBuild } from './remoteDeploy';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'scale-build-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('writes a build whose entry names every chunk, each named by its content', () => {
  const one = writeSyntheticBuild(join(dir, 'a'), 1);
  const two = writeSyntheticBuild(join(dir, 'b'), 2);
  expect(one).toHaveLength(3);
  expect(one.every((c) => /^static\/js\/\d\.[0-9a-f]{8}\.js$/.test(c))).toBe(true);
  // Another release: every chunk has another name (content-hashed).
  expect(one.filter((c) => two.includes(c))).toEqual([]);
  expect(chunksNamedBy(readFileSync(join(dir, 'a/remoteEntry.js'), 'utf8'))).toEqual(one);
  expect(entryNamedBy(readFileSync(join(dir, 'a/mf-manifest.json'), 'utf8'))).toBe('remoteEntry.js');
  expect(JSON.parse(readFileSync(join(dir, 'a/mf-manifest.json'), 'utf8')).metaData.buildInfo.buildVersion).toBe('1.0.1');
});

it('finds the chunks an Rsbuild remoteEntry.js names, once each', () => {
  const entry = 'u.p+"static/js/async/123.abcdef12.js";x("static/css/async/9.0123abcd.css");y="static/js/async/123.abcdef12.js";z="static/js/lib-router.js"';
  expect(chunksNamedBy(entry)).toEqual(['static/js/async/123.abcdef12.js', 'static/css/async/9.0123abcd.css']);
});

it('reads the entry a manifest names, remoteEntry.js when it names none or is not JSON', () => {
  expect(entryNamedBy('{"metaData":{"remoteEntry":{"name":"entry.js"}}}')).toBe('entry.js');
  expect(entryNamedBy('{}')).toBe('remoteEntry.js');
  expect(entryNamedBy('<html>')).toBe('remoteEntry.js');
});
