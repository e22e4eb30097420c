// The tree-shaken singletons are built with only the exports listed in src/singletons.ts: an import
// of another export by any front end would find it missing at run time (or load a second copy).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { shakenSingletons, singletonPackages } from '../src/singletons';

const root = join(__dirname, '..', '..', '..');
const frontEnds = ['shell', 'remote-auth', 'remote-basket-offer', 'remote-content', 'remote-lists', 'shared/i18n', 'shared/stores', 'shared/ui', 'shared/api-client'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The names imported or re-exported from `pkg` in `text` (type-only imports left out). */
export function importedNames(text: string, pkg: string): string[] {
  const escaped = pkg.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  const statement = new RegExp(`(?:import|export)\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${escaped}'`, 'g');
  const names: string[] = [];
  for (const m of text.matchAll(statement)) {
    if (m[1]) continue;
    for (const part of m[2].split(',')) {
      const spec = part.trim();
      if (!spec || spec.startsWith('type ')) continue;
      names.push(spec.split(/\s+as\s+/)[0].trim());
    }
  }
  return names;
}

describe('tree-shaken shared singletons', () => {
  const files = frontEnds.flatMap((dir) => sources(join(root, dir, 'src')));

  it('reads the front ends', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(Object.keys(shakenSingletons))('%s: every export a front end imports is in the list', (pkg) => {
    const used = new Set(files.flatMap((f) => importedNames(readFileSync(f, 'utf8'), pkg)));
    expect(used.size).toBeGreaterThan(0);
    const missing = [...used].filter((name) => !shakenSingletons[pkg].includes(name));
    expect(missing).toEqual([]);
  });

  it('shakes only shared singletons', () => {
    for (const pkg of Object.keys(shakenSingletons)) expect(singletonPackages).toContain(pkg);
  });

  it('finds the names of an import statement', () => {
    const text = "import { Trans, useTranslation as useT, type TFunction } from 'react-i18next';\nimport type { i18n } from 'react-i18next';\nexport { I18nextProvider } from 'react-i18next';";
    expect(importedNames(text, 'react-i18next')).toEqual(['Trans', 'useTranslation', 'I18nextProvider']);
  });
});
