import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const src = join(__dirname, '..');
const cssFiles = ['styles', 'pages'].flatMap((dir) =>
  readdirSync(join(src, dir))
    .filter((f) => f.endsWith('.css'))
    .map((f) => join(src, dir, f)),
);

describe('content CSS', () => {
  it('gives every var() a fallback so pages look right without the shell', () => {
    expect(cssFiles.length).toBeGreaterThan(0);
    const missing = cssFiles.flatMap((file) =>
      (readFileSync(file, 'utf8').match(/var\(--[\w-]+\)/g) ?? []).map((m) => `${file}: ${m}`),
    );
    expect(missing).toEqual([]);
  });

  it('prefixes every class with content-', () => {
    const bad = cssFiles.flatMap((file) =>
      (readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').match(/\.[a-zA-Z][\w-]*/g) ?? [])
        .filter((c) => !c.startsWith('.content-') && !/^\.\d/.test(c))
        .map((c) => `${file}: ${c}`),
    );
    expect(bad).toEqual([]);
  });
});
