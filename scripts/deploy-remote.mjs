// Deploys a new build of one remote over the directory the gateway serves it from, without
// touching the shell or any other remote (README "Upgrading a remote alone"):
//
//   node scripts/deploy-remote.mjs <new build dir> <live dir>
//   e.g. node scripts/deploy-remote.mjs remote-content/dist /srv/wishlist/remote-content/dist
//
// 1. Every content-hashed file of the new build (static/js/*.<hash>.js, css, fonts, images) is
//    copied in first. Nothing is deleted: a tab opened before the deploy still runs the old
//    remoteEntry.js and asks for the old chunks when it navigates to another page of the remote.
// 2. Then the files that point at those chunks (remoteEntry.js, then mf-manifest.json and the
//    other unhashed files) are replaced one by one by rename(2), so a request gets the old or the
//    new file, never half of one. The gateway serves them no-cache: the next page load uses them.
// Old hashed files can be removed once no tab can still hold the old entry (see --prune-before).
//
//   --prune-before <ISO date>  also removes hashed files that the new build does not have and
//                              that were deployed before that date.
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, statSync, unlinkSync, utimesSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Rsbuild's content-hashed names (`name.<8+ hex>.ext`, their `.LICENSE.txt` and the brotli copy
 * the build writes beside them, `.br`): same name, same bytes.
 */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+(?:\.LICENSE\.txt|\.br)?$/i;
/** Replaced last, entry first: the manifest names remoteEntry.js, which names the chunks. */
const POINTERS_FIRST = ['remoteEntry.js', 'remoteEntry.js.br'];

function walk(dir, base = dir) {
  return readdirSync(dir).flatMap((entry) => {
    const p = join(dir, entry);
    return statSync(p).isDirectory() ? walk(p, base) : [relative(base, p)];
  });
}

export function deployRemote(buildDir, liveDir, { pruneBefore } = {}) {
  const from = resolve(buildDir);
  const to = resolve(liveDir);
  if (!existsSync(join(from, 'mf-manifest.json')) || !existsSync(join(from, 'remoteEntry.js'))) {
    throw new Error(`${from} is not a remote build (no mf-manifest.json and remoteEntry.js)`);
  }
  const files = walk(from);
  const hashed = files.filter((f) => HASHED.test(f));
  const pointers = files.filter((f) => !HASHED.test(f)).sort((a, b) => (POINTERS_FIRST.includes(b) ? 1 : 0) - (POINTERS_FIRST.includes(a) ? 1 : 0));
  let copied = 0;
  for (const f of hashed) {
    const target = join(to, f);
    const now = new Date();
    if (existsSync(target)) {
      // Already there from an earlier deploy: mark it as in use again (--prune-before reads it).
      utimesSync(target, now, now);
      continue;
    }
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(from, f), `${target}.deploying`);
    renameSync(`${target}.deploying`, target);
    copied++;
  }
  for (const f of pointers) {
    const target = join(to, f);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(from, f), `${target}.deploying`);
    renameSync(`${target}.deploying`, target);
  }
  let pruned = 0;
  if (pruneBefore) {
    const keep = new Set(files);
    for (const f of existsSync(to) ? walk(to) : []) {
      if (keep.has(f) || !HASHED.test(f)) continue;
      if (statSync(join(to, f)).mtime < pruneBefore) {
        unlinkSync(join(to, f));
        pruned++;
      }
    }
  }
  return { copied, kept: hashed.length - copied, replaced: pointers.length, pruned };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--prune-before');
  const pruneBefore = at >= 0 ? new Date(args.splice(at, 2)[1]) : undefined;
  if (args.length !== 2 || (pruneBefore && Number.isNaN(pruneBefore.getTime()))) {
    console.error('usage: node scripts/deploy-remote.mjs <new build dir> <live dir> [--prune-before <ISO date>]');
    process.exit(2);
  }
  try {
    const r = deployRemote(args[0], args[1], { pruneBefore });
    console.log(`deployed ${args[0]} to ${args[1]}: ${r.copied} new hashed files, ${r.kept} unchanged, ${r.replaced} entry files replaced, ${r.pruned} old files pruned`);
  } catch (err) {
    console.error(`deploy-remote: ${err.message}`);
    process.exit(1);
  }
}
