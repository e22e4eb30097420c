import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { MIN_BYTES, precompressDir } from '../src/precompress';

describe('precompressDir (brotli files the gateway sends as they are)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'static/js/async'), { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes <file>.br beside the scripts, styles and manifests worth it, in every folder', async () => {
    const js = 'export const wish = "a gift";\n'.repeat(100);
    writeFileSync(join(dir, 'static/js/async/1.abcdef12.js'), js);
    writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'remote', items: Array(400).fill('x') }));
    writeFileSync(join(dir, 'small.js'), 'x'.repeat(MIN_BYTES - 1));
    writeFileSync(join(dir, 'index.html'), '<p>page</p>'.repeat(200));
    writeFileSync(join(dir, 'picture.png'), Buffer.alloc(4096));

    expect(await precompressDir(dir)).toBe(2);
    expect(brotliDecompressSync(readFileSync(join(dir, 'static/js/async/1.abcdef12.js.br'))).toString()).toBe(js);
    expect(existsSync(join(dir, 'mf-manifest.json.br'))).toBe(true);
    // Too small to be worth it; written per request by the gateway; not text.
    expect(existsSync(join(dir, 'small.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(false);
    expect(existsSync(join(dir, 'picture.png.br'))).toBe(false);
  });

  it('skips a file that brotli would not make smaller', async () => {
    writeFileSync(join(dir, 'binary.js'), Buffer.from(Array.from({ length: 2048 }, () => Math.floor(Math.random() * 256))));
    await precompressDir(dir);
    expect(existsSync(join(dir, 'binary.js.br'))).toBe(false);
  });
});
