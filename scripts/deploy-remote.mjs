// Deploys builds of one remote into the directory the gateway serves it from, keeps each release,
// and switches between them, without touching the shell or any other remote (README "Upgrading one
// box", "A remote"):
//
//   node scripts/deploy-remote.mjs <build dir> <live dir>      deploy a build and make it live
//   node scripts/deploy-remote.mjs --preview <build dir> <live dir> [--public-url <url>]
//                                  deploy without making it live; prints a preview link
//   node scripts/deploy-remote.mjs --promote <version> <live dir>   make a kept release live
//   node scripts/deploy-remote.mjs --rollback <live dir>       make the previous live release live again
//   node scripts/deploy-remote.mjs --list <live dir>           the kept releases, the live one marked
//   e.g. node scripts/deploy-remote.mjs remote-content/dist /srv/wishlist/remote-content/dist
//
// Several gateways, each with its own copy of the remote: name every copy (each mounted here),
//   node scripts/deploy-remote.mjs <build dir> <live dir A> <live dir B> ...
// copies every hashed file to every copy first, then switches the entries (--promote and
// --rollback take several live dirs too). Copies this machine cannot reach: run
// `--phase files <build dir> <live dir>` on every gateway's machine, then, once all succeeded,
// `--phase activate <build dir> <live dir>` on each. Either way no page meets a new remoteEntry.js
// on one gateway whose chunks another lacks (docs/team-workflow.md, "Several gateways"). Gateways
// sharing one volume need one plain deploy: they read the same directory.
//
// A deploy copies every content-hashed file of the build (static/js/*.<hash>.js, css, fonts,
// images) into the live directory, where every release's hashed files stay side by side: a tab
// opened before a switch still runs its remoteEntry.js and asks for its chunks when it navigates.
// The build's other files (remoteEntry.js, mf-manifest.json, …: the "pointers", which name the
// chunks) are kept under .releases/<version>/ (scripts/releases/store.mjs). Making a release live
// copies its pointers beside the live ones and renames them into place, entry first: a request
// gets the old or the new file, never half of one. The gateway serves them no-cache, so the next
// page load uses them; no rebuild, no restart.
//
//   --prune-before <ISO date>  also forgets the releases deployed before that date (never the live
//                              one, nor the one this run deploys) and removes the hashed files that
//                              no kept release has and that were deployed before that date.
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, utimesSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  HASHED,
  isKept,
  loadOrAdopt,
  lock,
  previewKey,
  previewLink,
  readRecord,
  releaseDir,
  remoteNameOf,
  VERSION,
  versionOf,
  walk,
  writeRecord,
} from './releases/store.mjs';

/** Replaced first: the manifest names remoteEntry.js, which names the chunks. */
const POINTERS_FIRST = ['remoteEntry.js', 'remoteEntry.js.br'];
const pointerOrder = (a, b) => (POINTERS_FIRST.includes(b) ? 1 : 0) - (POINTERS_FIRST.includes(a) ? 1 : 0);

/** Copies a file beside its target, then renames it into place. */
function put(from, target) {
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(from, `${target}.deploying`);
  renameSync(`${target}.deploying`, target);
}

/** One live directory or several (every gateway's copy of the remote), resolved, each once. */
const targetsOf = (liveDirs) => [...new Set((Array.isArray(liveDirs) ? liveDirs : [liveDirs]).map((d) => resolve(d)))];

/**
 * Runs `action` on every live directory's record, all of them locked for the whole run (one deploy
 * at a time on any of them), and writes the records back.
 */
function withRecords(liveDirs, action) {
  const lives = targetsOf(liveDirs);
  const unlocks = [];
  try {
    for (const live of lives) {
      mkdirSync(live, { recursive: true });
      unlocks.push(lock(live));
    }
    const targets = lives.map((live) => ({ live, record: loadOrAdopt(live, put) }));
    const result = action(targets);
    for (const t of targets) writeRecord(t.live, t.record);
    if (result.prune) {
      result.pruned = targets.reduce((n, t) => n + prune(t.live, t.record, result.prune.before, result.prune.spare), 0);
    }
    return result;
  } finally {
    for (const unlock of unlocks.reverse()) unlock();
  }
}

/** The build's directory, refused before anything in the live directory is touched. */
function checkBuild(buildDir) {
  const from = resolve(buildDir);
  if (!existsSync(join(from, 'mf-manifest.json')) || !existsSync(join(from, 'remoteEntry.js'))) {
    throw new Error(`${from} is not a remote build (no mf-manifest.json and remoteEntry.js)`);
  }
  remoteNameOf(from);
  return from;
}

/** Copies a build's hashed files into the live directory and its pointers into the store. */
function stage(buildDir, live, record, now) {
  const from = checkBuild(buildDir);
  const remote = remoteNameOf(from);
  if (record.remote && record.remote !== remote) throw new Error(`${from} is a build of ${remote}, ${live} serves ${record.remote}`);
  record.remote = remote;
  const version = versionOf(from);
  const files = walk(from);
  const hashed = files.filter((f) => HASHED.test(f));
  const pointers = files.filter((f) => !HASHED.test(f)).sort(pointerOrder);
  let copied = 0;
  for (const f of hashed) {
    const target = join(live, f);
    if (existsSync(target)) {
      // Already there from an earlier deploy: mark it as in use again (--prune-before reads it).
      utimesSync(target, now, now);
      continue;
    }
    put(join(from, f), target);
    copied++;
  }
  const dir = releaseDir(live, version);
  for (const f of pointers) put(join(from, f), join(dir, f));
  const known = record.releases.find((r) => r.version === version);
  if (known) Object.assign(known, { pointers, hashed });
  else record.releases.push({ version, deployedAt: now.toISOString(), liveAt: null, pointers, hashed });
  return { version, copied, kept: hashed.length - copied, replaced: pointers.length };
}

/** Puts a kept release's pointers in place (entry first), then removes the old release's extra ones. */
function makeLive(live, record, version, now) {
  const release = record.releases.find((r) => r.version === version);
  if (!isKept(live, release)) throw new Error(`no release ${version} is kept in ${live} (see --list)`);
  const dir = releaseDir(live, version);
  const pointers = [...release.pointers].sort(pointerOrder);
  for (const f of pointers) put(join(dir, f), join(live, f));
  const before = record.releases.find((r) => r.version === record.live);
  const wanted = new Set(pointers);
  for (const f of before?.pointers ?? []) {
    // A file the previous release had and this one lacks (a first-view page it did not build).
    if (!wanted.has(f) && !HASHED.test(f) && existsSync(join(live, f))) unlinkSync(join(live, f));
  }
  record.live = version;
  release.liveAt = now.toISOString();
  if (record.history.at(-1) !== version) record.history.push(version);
  return pointers.length;
}

/**
 * Forgets the releases deployed before `before` (not the live one, not `spare`), then removes the
 * hashed files no kept release has that were deployed before `before`. The record is written
 * first: a release is never listed, previewed or rolled back to once its files may be going.
 */
function prune(live, record, before, spare) {
  const dropped = record.releases.filter((r) => r.version !== record.live && r.version !== spare && new Date(r.deployedAt) < before);
  if (dropped.length) {
    record.releases = record.releases.filter((r) => !dropped.includes(r));
    record.history = record.history.filter((v) => record.releases.some((r) => r.version === v));
    writeRecord(live, record);
    for (const r of dropped) rmSync(releaseDir(live, r.version), { recursive: true, force: true });
  }
  const keep = new Set(record.releases.flatMap((r) => r.hashed));
  let pruned = 0;
  for (const f of walk(live)) {
    if (keep.has(f) || !HASHED.test(f)) continue;
    if (statSync(join(live, f)).mtime < before) {
      unlinkSync(join(live, f));
      pruned++;
    }
  }
  removeEmptyDirs(live);
  return pruned;
}

function removeEmptyDirs(dir, top = dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || (dir === top && entry.name.startsWith('.'))) continue;
    const p = join(dir, entry.name);
    removeEmptyDirs(p, top);
    if (readdirSync(p).length === 0) rmSync(p, { recursive: true });
  }
}

/**
 * Deploys a build to every live directory and makes it live there, in two phases: first every
 * hashed file (and the release's entry files, in its store) into every directory, then the
 * entries switched, directory after directory. A page that got the new remoteEntry.js from one
 * gateway finds its chunks on any other; one that got the old entry finds the old chunks, kept.
 * `phase`: 'files' stops after the first phase (nothing switched), 'activate' does only the second
 * (the release must be in every directory already, checked before any is switched).
 */
export function deployRemote(buildDir, liveDirs, { pruneBefore, phase, now = new Date() } = {}) {
  checkBuild(buildDir);
  if (phase === 'activate') {
    const version = versionOf(resolve(buildDir));
    const r = promoteRelease(version, liveDirs, { pruneBefore, now });
    return { version, copied: 0, kept: 0, replaced: r.replaced, pruned: r.pruned, targets: r.targets };
  }
  return withRecords(liveDirs, (targets) => {
    const staged = targets.map((t) => stage(buildDir, t.live, t.record, now));
    const { version } = staged[0];
    let replaced = 0;
    if (phase !== 'files') for (const t of targets) replaced = makeLive(t.live, t.record, version, now);
    const sum = (key) => staged.reduce((n, r) => n + r[key], 0);
    return {
      version,
      copied: sum('copied'),
      kept: sum('kept'),
      replaced,
      targets: targets.length,
      pruned: 0,
      prune: phase !== 'files' && pruneBefore && { before: pruneBefore, spare: version },
    };
  });
}

/** Deploys a build without making it live; returns its preview link. */
export function previewRemote(buildDir, liveDirs, { publicUrl, pruneBefore, now = new Date(), env = process.env } = {}) {
  checkBuild(buildDir);
  if (env.RELEASE_PREVIEW_SECRET && env.RELEASE_PREVIEW_SECRET.length < 32) throw new Error('RELEASE_PREVIEW_SECRET must be at least 32 characters');
  // Each directory keeps its own random key: a link signed with one would fail on another gateway.
  if (targetsOf(liveDirs).length > 1 && !env.RELEASE_PREVIEW_SECRET) throw new Error('a preview on several gateways needs RELEASE_PREVIEW_SECRET (the same for the script and every gateway)');
  return withRecords(liveDirs, (targets) => {
    const staged = targets.map((t) => stage(buildDir, t.live, t.record, now));
    const { version } = staged[0];
    const link = previewLink(publicUrl ?? env.PUBLIC_URL ?? 'http://localhost:8080', previewKey(targets[0].live, env), targets[0].record.remote, version, now.getTime());
    const sum = (key) => staged.reduce((n, r) => n + r[key], 0);
    return { version, copied: sum('copied'), kept: sum('kept'), link, pruned: 0, prune: pruneBefore && { before: pruneBefore, spare: version } };
  });
}

/** Makes a kept release live in every directory (refused, nothing switched, unless every one keeps it). */
export function promoteRelease(version, liveDirs, { pruneBefore, now = new Date() } = {}) {
  if (!VERSION.test(version)) throw new Error(`${version} is not a release version (see --list)`);
  return withRecords(liveDirs, (targets) => {
    for (const t of targets) {
      if (!isKept(t.live, t.record.releases.find((r) => r.version === version))) throw new Error(`no release ${version} is kept in ${t.live} (see --list; deploy its files there first)`);
    }
    const from = targets[0].record.live;
    let replaced = 0;
    for (const t of targets) replaced = makeLive(t.live, t.record, version, now);
    return { from, version, replaced, targets: targets.length, pruned: 0, prune: pruneBefore && { before: pruneBefore, spare: version } };
  });
}

/**
 * Makes the release that was live before the live one live again (skipping releases since
 * pruned), in every directory; each directory's own line decides (all are checked first).
 */
export function rollbackRelease(liveDirs, { now = new Date() } = {}) {
  return withRecords(liveDirs, (targets) => {
    const plans = targets.map(({ live, record }) => {
      const from = record.live;
      const history = record.history.slice(0, record.history.at(-1) === from ? -1 : undefined);
      while (history.length && (history.at(-1) === from || !isKept(live, record.releases.find((r) => r.version === history.at(-1))))) history.pop();
      const version = history.at(-1);
      if (!version) throw new Error(`no earlier release to roll back to in ${live} (see --list)`);
      return { live, record, from, version, history };
    });
    for (const p of plans) {
      makeLive(p.live, p.record, p.version, now);
      // The release rolled back from is kept (promote it again) but is no longer in the live line.
      p.record.history = p.history;
    }
    return { from: plans[0].from, version: plans[0].version, targets: plans.length };
  });
}

/** The kept releases, newest first (reads only: a directory never deployed with releases shows its one build). */
export function listReleases(liveDir) {
  const live = resolve(liveDir);
  const record = readRecord(live);
  if (!record) {
    if (!existsSync(join(live, 'mf-manifest.json'))) throw new Error(`${live} holds no remote`);
    const at = statSync(join(live, 'mf-manifest.json')).mtime.toISOString();
    return [{ version: versionOf(live), deployedAt: at, liveAt: at, live: true }];
  }
  return record.releases
    .filter((r) => isKept(live, r))
    .sort((a, b) => b.deployedAt.localeCompare(a.deployedAt))
    .map((r) => ({ version: r.version, deployedAt: r.deployedAt, liveAt: r.liveAt, live: r.version === record.live }));
}

const USAGE = `usage:
  node scripts/deploy-remote.mjs <build dir> <live dir> [<live dir> ...] [--phase files|activate] [--prune-before <ISO date>]
  node scripts/deploy-remote.mjs --preview <build dir> <live dir> [<live dir> ...] [--public-url <url>] [--prune-before <ISO date>]
  node scripts/deploy-remote.mjs --promote <version> <live dir> [<live dir> ...] [--prune-before <ISO date>]
  node scripts/deploy-remote.mjs --rollback <live dir> [<live dir> ...]
  node scripts/deploy-remote.mjs --list <live dir>
Several live dirs: every gateway's copy of the remote; every hashed file goes to each of them before
any entry is switched. Gateways on other machines: --phase files on each, then --phase activate on each.`;

const PHASES = ['files', 'activate'];

/** Reads the command line: the mode, its operands and options, or an error. */
export function parseArgs(argv) {
  const args = [...argv];
  const option = (name) => {
    const at = args.indexOf(name);
    if (at < 0) return undefined;
    const [, value] = args.splice(at, 2);
    if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
    return value;
  };
  const raw = option('--prune-before');
  const pruneBefore = raw === undefined ? undefined : new Date(raw);
  if (pruneBefore && Number.isNaN(pruneBefore.getTime())) throw new Error(`--prune-before: ${raw} is not a date`);
  const publicUrl = option('--public-url');
  if (publicUrl !== undefined && !/^https?:\/\/[^/]+/.test(publicUrl)) throw new Error(`--public-url: ${publicUrl} is not an http(s) URL`);
  const phase = option('--phase');
  if (phase !== undefined && !PHASES.includes(phase)) throw new Error(`--phase: ${phase} is not one of ${PHASES.join(', ')}`);
  const modes = ['--preview', '--promote', '--rollback', '--list'].filter((m) => args.includes(m));
  if (modes.length > 1) throw new Error(`${modes.join(' and ')} cannot be combined`);
  const mode = modes[0] ?? 'deploy';
  if (modes.length) args.splice(args.indexOf(mode), 1);
  const unknown = args.find((a) => a.startsWith('--'));
  if (unknown) throw new Error(`unknown option ${unknown}`);
  // The operands before the live directories (a build or a version), and whether several live directories may follow.
  const [lead, several] = { deploy: [1, true], '--preview': [1, true], '--promote': [1, true], '--rollback': [0, true], '--list': [0, false] }[mode];
  const what = mode === 'deploy' ? 'a deploy' : mode;
  if (args.length < lead + 1) throw new Error(`${what} takes ${lead ? 'two operands' : 'one operand'}${several ? ' or more' : ''}`);
  if (!several && args.length > lead + 1) throw new Error(`${what} takes one operand`);
  if (publicUrl && mode !== '--preview') throw new Error('--public-url goes with --preview');
  if (phase && mode !== 'deploy') throw new Error(`--phase does not go with ${mode}`);
  if (pruneBefore && (mode === '--rollback' || mode === '--list' || phase === 'files')) throw new Error(`--prune-before does not go with ${phase === 'files' ? '--phase files' : mode}`);
  return { mode, args, lead: args.slice(0, lead), lives: args.slice(lead), pruneBefore, publicUrl, phase };
}

function main(argv) {
  let parsed;
  try {
    parsed = parseArgs(argv);
  } catch (err) {
    console.error(`deploy-remote: ${err.message}\n${USAGE}`);
    return 2;
  }
  const { mode, lead, lives, pruneBefore, publicUrl, phase } = parsed;
  const where = lives.join(', ');
  const started = process.hrtime.bigint();
  const took = () => `${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(1)} ms`;
  try {
    if (mode === 'deploy') {
      const r = deployRemote(lead[0], lives, { pruneBefore, phase });
      if (phase === 'files') {
        console.log(`deployed the files of ${lead[0]} to ${where} as release ${r.version} (not live yet) in ${took()}: ${r.copied} new hashed files, ${r.kept} unchanged`);
        console.log(`once every gateway has them: node scripts/deploy-remote.mjs --phase activate ${lead[0]} <live dir> ...`);
      } else if (phase === 'activate') {
        console.log(`release ${r.version} is live in ${where} in ${took()}: ${r.replaced} entry files replaced, ${r.pruned} old files pruned`);
      } else {
        console.log(`deployed ${lead[0]} to ${where} as release ${r.version} (live) in ${took()}: ${r.copied} new hashed files, ${r.kept} unchanged, ${r.replaced} entry files replaced, ${r.pruned} old files pruned`);
      }
    } else if (mode === '--preview') {
      const r = previewRemote(lead[0], lives, { pruneBefore, publicUrl });
      console.log(`deployed ${lead[0]} to ${where} as release ${r.version} (not live): ${r.copied} new hashed files, ${r.kept} unchanged, ${r.pruned} old files pruned`);
      console.log(`preview: ${r.link}`);
      console.log(`make it live: node scripts/deploy-remote.mjs --promote ${r.version} ${lives.join(' ')}`);
    } else if (mode === '--promote') {
      const r = promoteRelease(lead[0], lives, { pruneBefore });
      console.log(`release ${r.version} is live in ${where} (was ${r.from ?? 'none'}) in ${took()}, ${r.pruned} old files pruned`);
    } else if (mode === '--rollback') {
      const r = rollbackRelease(lives);
      console.log(`rolled back ${where} from ${r.from} to ${r.version} in ${took()}`);
    } else {
      for (const r of listReleases(lives[0])) {
        const state = r.live ? '  (live)' : r.liveAt ? '' : '  (preview: never live)';
        console.log(`${r.live ? '*' : ' '} ${r.version}  deployed ${r.deployedAt}${state}`);
      }
    }
    return 0;
  } catch (err) {
    console.error(`deploy-remote: ${err.message}`);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
