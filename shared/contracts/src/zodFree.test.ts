// zod stays off the front ends' first views. They import from this package by name, and each app
// bundles only the modules those names live in (the package is not a shared singleton: mf-config's
// singletons.ts) with everything those modules import. A module that holds a zod schema beside a
// rule a page uses brings zod along with the rule, however unused the schema: its construction is
// code the bundler must keep. So no name a front end imports may live in a module that reaches zod.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { frontEndSources, importedNames as importedValues } from '../../mf-config/test/frontEndSources';

const here = __dirname;

/** The modules of this package a module imports values from (`./x`), and whether it imports zod. */
function importsOf(text: string): { local: string[]; zod: boolean } {
  const local: string[] = [];
  let zod = false;
  for (const m of text.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)'/gm)) {
    if (m[1]) continue;
    if (m[2] === 'zod') zod = true;
    else if (m[2].startsWith('./')) local.push(m[2].slice(2));
  }
  return { local, zod };
}

const read = (module: string) => readFileSync(join(here, `${module}.ts`), 'utf8');
const modules = [...read('index').matchAll(/export \* from '\.\/(\w+)'/g)].map((m) => m[1]);

/** Whether `module`, or a module it imports, imports zod. */
function reachesZod(module: string, seen = new Set<string>()): boolean {
  if (seen.has(module)) return false;
  seen.add(module);
  const { local, zod } = importsOf(read(module));
  return zod || local.some((m) => reachesZod(m, seen));
}

/** Where each value the index exports is declared. */
const homeOf = new Map(
  modules.flatMap((module) =>
    [...read(module).matchAll(/^export\s+(?:async\s+)?(?:const|let|function\*?|class|enum)\s+(\w+)/gm)].map((m) => [m[1], module] as const),
  ),
);

describe('zod and the front ends', () => {
  const files = frontEndSources();
  const used = [...new Set(files.flatMap((f) => importedValues(readFileSync(f, 'utf8'), '@wishlist/contracts')))].sort();

  it('reads the front ends and the package', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(used.length).toBeGreaterThan(20);
    expect(reachesZod('schemas')).toBe(true);
  });

  it('knows where every value a front end imports lives', () => {
    expect(used.filter((name) => !homeOf.has(name))).toEqual([]);
  });

  it('no value a front end imports lives in a module that reaches zod', () => {
    const withZod = used.filter((name) => reachesZod(homeOf.get(name)!)).map((name) => `${name} (${homeOf.get(name)}.ts)`);
    expect(withZod).toEqual([]);
  });

  it('finds the value names of an import statement', () => {
    const text = "import {\n  formatPrice,\n  type Product,\n  giftsHidden as hidden,\n} from '@wishlist/contracts';\nimport type { ProductList } from '@wishlist/contracts';\nimport { x } from 'other';";
    expect(importedValues(text, '@wishlist/contracts')).toEqual(['formatPrice', 'giftsHidden']);
  });
});
