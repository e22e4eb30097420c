// Every app's build requires of each shared singleton the one range its own package.json names,
// whichever file imports it (a package that does not name the singleton included).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dependencyRanges, sharedSingletonsFor } from '../src/sharedModules';
import { singletonPackages } from '../src/singletons';

const root = join(__dirname, '..', '..', '..');
const apps = ['shell', 'remote-content', 'remote-lists', 'remote-auth', 'remote-basket-offer'];
type Options = { requiredVersion?: string | false; strictVersion?: boolean; singleton?: boolean; treeShaking?: unknown };

describe('the ranges an app requires of the shared singletons', () => {
  it("reads the app's package.json, its dependencies over its peer dependencies", () => {
    const dir = mkdtempSync(join(tmpdir(), 'mf-ranges-'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ dependencies: { react: '^19.3.1' }, peerDependencies: { react: '^18.0.0', zustand: '^5.0.0' } }));
    expect(dependencyRanges(dir)).toEqual({ react: '^19.3.1', zustand: '^5.0.0' });
  });

  it('gives each named singleton its range, strictly; workspace packages none; an unnamed one is left to the plugin', () => {
    const shared = sharedSingletonsFor(false, { react: '^19.3.1', 'react-router-dom': '^7.18.5' }) as Record<string, Options>;
    expect(shared.react).toEqual({ singleton: true, strictVersion: true, requiredVersion: '^19.3.1' });
    expect(shared['react-router-dom'].requiredVersion).toBe('^7.18.5');
    expect(shared['react-toastify']).toEqual({ singleton: true, strictVersion: true });
    expect(shared['@wishlist/ui']).toEqual({ singleton: true, requiredVersion: false });
    expect(Object.keys(shared)).toEqual([...singletonPackages]);
  });

  it('keeps the range beside the tree shaking of a production build', () => {
    const shared = sharedSingletonsFor(true, { 'react-router-dom': '^7.18.5' }) as Record<string, Options>;
    expect(shared['react-router-dom']).toMatchObject({ requiredVersion: '^7.18.5', treeShaking: { mode: 'runtime-infer' } });
  });

  it.each(apps)('%s names a range for every singleton its own code imports from a package', (app) => {
    const ranges = dependencyRanges(join(root, app));
    for (const name of ['react', 'react-dom', 'react-router-dom', 'zustand', 'i18next', 'react-i18next']) expect(ranges[name]).toMatch(/^\^\d+\.\d+\.\d+$/);
  });
});
