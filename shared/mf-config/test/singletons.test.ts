// The tree-shaken singletons are built with only the exports listed in src/singletons.ts: an import
// of another export by any front end would find it missing at run time (or load a second copy).
import { readFileSync } from 'node:fs';
import { shakenSingletons, singletonPackages } from '../src/singletons';
import { frontEndSources, importedNames } from './frontEndSources';

describe('tree-shaken shared singletons', () => {
  const files = frontEndSources();

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
