// The shell builds the singletons every page starts with into one chunk: the pattern that picks
// their modules must find each of them, wherever it lives, and nothing a page loads later.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { singletonPackages, startupDependencies, startupModulePattern, startupSingletons } from '../src/singletons';

const root = join(__dirname, '..', '..', '..');

describe('the start-up chunk of the shell', () => {
  const pattern = startupModulePattern();

  it.each([...startupSingletons, ...startupDependencies].filter((name) => !name.startsWith('@wishlist/')))('takes the modules of %s', (name) => {
    expect(pattern.test(join(root, 'node_modules', name, 'dist', 'index.js'))).toBe(true);
  });

  it.each(startupSingletons.filter((name) => name.startsWith('@wishlist/')))('finds %s in the repository (the build reads real paths)', (name) => {
    const dir = join(root, 'shared', name.slice('@wishlist/'.length));
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name).toBe(name);
    expect(pattern.test(join(dir, 'src', 'index.ts'))).toBe(true);
  });

  it("takes the shell's copies of the contracts the singletons use (not shared: each app bundles its own)", () => {
    expect(singletonPackages).not.toContain('@wishlist/contracts');
    expect(pattern.test(join(root, 'shared', 'contracts', 'src', 'images.ts'))).toBe(true);
  });

  it('leaves what a page loads later or what is not a package: the notifications library, look-alike names, the shell', () => {
    expect(singletonPackages).toContain('react-toastify');
    expect(startupSingletons).not.toContain('react-toastify');
    for (const path of ['node_modules/react-toastify/dist/index.mjs', 'shared/contracts-extra/src/x.ts', 'node_modules/react-is/index.js', 'node_modules/cookies/index.js', 'node_modules/@babel/core/lib/index.js', 'shell/src/layout/AppLayout.tsx']) {
      expect(pattern.test(join(root, path))).toBe(false);
    }
  });

  it("takes the app's own code under the directories it names, on any platform, and nothing beside them", () => {
    const shell = join(root, 'shell', 'src');
    const withApp = startupModulePattern([shell]);
    expect(withApp.test(join(shell, 'bootstrap.tsx'))).toBe(true);
    expect(withApp.test(join(shell, 'layout', 'AppLayout.tsx'))).toBe(true);
    expect(withApp.test(join(root, 'node_modules', 'react', 'index.js'))).toBe(true);
    expect(withApp.test(join(root, 'shell', 'srcx', 'a.ts'))).toBe(false);
    expect(withApp.test(join(root, 'remote-lists', 'src', 'index.tsx'))).toBe(false);
    expect(withApp.test(join('/elsewhere', shell, 'a.ts'))).toBe(false);
    const windows = startupModulePattern(['C:\\wishlist\\shell\\src\\']);
    expect(windows.test('C:\\wishlist\\shell\\src\\App.tsx')).toBe(true);
    expect(windows.test('C:\\wishlist\\node_modules\\react\\index.js')).toBe(true);
    expect(windows.test('C:\\wishlist\\shell\\src2\\App.tsx')).toBe(false);
  });

  it('names only installed packages', () => {
    for (const name of startupDependencies) expect(existsSync(join(root, 'node_modules', name, 'package.json'))).toBe(true);
  });
});
