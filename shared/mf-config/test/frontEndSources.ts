// The front ends' own source files and the names they import from a package: read by the tests
// that check what the front ends may import (singletons.test.ts here, contracts' zodFree.test.ts).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const repoRoot = join(__dirname, '..', '..', '..');
const FRONT_ENDS = ['shell', 'remote-auth', 'remote-basket-offer', 'remote-content', 'remote-lists', 'shared/i18n', 'shared/stores', 'shared/ui', 'shared/api-client'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every source file (tests aside) of every front end and of the packages they share. */
export function frontEndSources(): string[] {
  return FRONT_ENDS.flatMap((dir) => sources(join(repoRoot, dir, 'src')));
}

/** The names imported or re-exported from `pkg` in `text` (type-only imports left out: they build to nothing). */
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
