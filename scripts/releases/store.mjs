// The release store of one remote's live directory (scripts/deploy-remote.mjs): which builds are
// kept, which one is live, and the key preview links are signed with. Everything lives in the live
// directory itself, so every gateway that serves it (several copies on one volume) reads the same
// record; the gateway's reader is services/gateway/src/releases.ts.
//
//   <live>/                         the live release's unhashed files (remoteEntry.js, mf-manifest.json, …)
//   <live>/static/…                 every kept release's hashed files, side by side (old tabs need them)
//   <live>/.releases/releases.json  the record (written whole, then renamed into place)
//   <live>/.releases/<version>/     each kept release's unhashed files
//   <live>/.releases/preview.key    the preview links' key (unless RELEASE_PREVIEW_SECRET is set)
//
// The gateway never serves a dotfile path, so nothing under .releases/ is reachable by URL.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { join, relative } from 'node:path';

export const RELEASES_DIR = '.releases';
export const RECORD_FILE = 'releases.json';
export const KEY_FILE = 'preview.key';
const LOCK_FILE = '.lock';

/**
 * Rsbuild's content-hashed names (`name.<8+ hex>.ext`, their `.LICENSE.txt` and the brotli copy
 * the build writes beside them, `.br`): same name, same bytes, so every release shares them.
 */
export const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+(?:\.LICENSE\.txt|\.br)?$/i;
/** A release's name: a semver build version, `<package version>+<8 hex>`; safe as a directory name. */
export const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,99}$/;

/** Every file under dir (relative paths, `/`-separated), the release store excluded. */
export function walk(dir, base = dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const p = join(dir, entry);
    if (dir === base && entry === RELEASES_DIR) return [];
    return statSync(p).isDirectory() ? walk(p, base) : [relative(base, p).split('\\').join('/')];
  });
}

/**
 * A build's version: the package version its manifest names (`metaData.buildInfo.buildVersion`)
 * and a short hash of its remoteEntry.js and mf-manifest.json. The manifest names every chunk and
 * the entry names their hashes, so two builds that differ anywhere differ here; the same build
 * deployed twice is the same release. The gateway derives the live version the same way from the
 * files it serves (services/gateway/src/releases.ts: keep them in step).
 */
export function versionOf(dir) {
  const manifestBytes = readFileSync(join(dir, 'mf-manifest.json'));
  const entry = join(dir, 'remoteEntry.js');
  const hash = createHash('sha256')
    .update(existsSync(entry) ? readFileSync(entry) : Buffer.alloc(0))
    .update('\0')
    .update(manifestBytes)
    .digest('hex')
    .slice(0, 8);
  let pkg = '0.0.0';
  try {
    const v = JSON.parse(manifestBytes.toString('utf8'))?.metaData?.buildInfo?.buildVersion;
    if (typeof v === 'string' && /^[0-9A-Za-z.-]{1,60}$/.test(v)) pkg = v;
  } catch {
    /* an unreadable manifest still gets a version from its hash */
  }
  return `${pkg}+${hash}`;
}

/** The remote's federation name (`remote_content`) as its manifest says. */
export function remoteNameOf(dir) {
  const m = JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8'));
  const name = m?.metaData?.name ?? m?.name ?? m?.id;
  if (typeof name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`${dir}/mf-manifest.json names no remote`);
  return name;
}

/** `remote_basket_offer` → `basket-offer`: its path under /remotes/ on the gateway. */
export const shortNameOf = (remote) => remote.replace(/^remote_/, '').replace(/_/g, '-');

const storeDir = (live) => join(live, RELEASES_DIR);
export const releaseDir = (live, version) => join(storeDir(live), version);

/** Writes a file whole under a temporary name, then renames it into place: readers see old or new. */
export function writeAtomically(file, content, mode) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, content, mode === undefined ? undefined : { mode });
  renameSync(tmp, file);
}

/** The record, or null when the directory has never been deployed with releases. */
export function readRecord(live) {
  const file = join(storeDir(live), RECORD_FILE);
  if (!existsSync(file)) return null;
  const record = JSON.parse(readFileSync(file, 'utf8'));
  if (!record || !Array.isArray(record.releases) || !Array.isArray(record.history)) throw new Error(`${file} is not a release record`);
  return record;
}

export function writeRecord(live, record) {
  mkdirSync(storeDir(live), { recursive: true });
  writeAtomically(join(storeDir(live), RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`);
}

/** Whether a recorded release still has its files (a release pruned by hand is not one). */
export function isKept(live, release) {
  return release !== undefined && existsSync(join(releaseDir(live, release.version), 'mf-manifest.json'));
}

/**
 * The record, made on first use: a directory deployed before releases were kept holds one build,
 * which becomes the first release (its unhashed files copied into the store; every hashed file
 * there counted as its own, so none is pruned while it is kept).
 */
export function loadOrAdopt(live, copy) {
  const existing = readRecord(live);
  if (existing) return existing;
  const record = { remote: null, live: null, history: [], releases: [] };
  if (!existsSync(join(live, 'mf-manifest.json'))) return record;
  const version = versionOf(live);
  const files = walk(live);
  const pointers = files.filter((f) => !HASHED.test(f) && !f.endsWith('.deploying'));
  for (const f of pointers) copy(join(live, f), join(releaseDir(live, version), f));
  const at = statSync(join(live, 'mf-manifest.json')).mtime.toISOString();
  record.remote = remoteNameOf(live);
  record.live = version;
  record.history = [version];
  record.releases.push({ version, deployedAt: at, liveAt: at, pointers, hashed: files.filter((f) => HASHED.test(f)) });
  return record;
}

/** One deploy at a time per live directory; a lock left by a process that died is taken over. */
export function lock(live) {
  mkdirSync(storeDir(live), { recursive: true });
  const file = join(storeDir(live), LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => unlinkSync(file);
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8'));
      if (pid > 0 && isRunning(pid)) throw new Error(`another deploy (process ${pid}) is working on ${live}; remove ${file} if it is gone`, { cause: err });
      unlinkSync(file);
    }
  }
  throw new Error(`could not lock ${live}`);
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

// --- preview links -------------------------------------------------------------------------

/** How long a preview link can be opened after it was made. */
export const PREVIEW_LINK_TTL_S = 24 * 3600;

/**
 * The key preview links are signed with: RELEASE_PREVIEW_SECRET (at least 32 characters) when set,
 * for the script and every gateway alike; else a random 256-bit key kept in the release store,
 * made on first use (owner-only), which gateways sharing the directory read too.
 */
export function previewKey(live, env = process.env) {
  if (env.RELEASE_PREVIEW_SECRET) {
    if (env.RELEASE_PREVIEW_SECRET.length < 32) throw new Error('RELEASE_PREVIEW_SECRET must be at least 32 characters');
    return Buffer.from(env.RELEASE_PREVIEW_SECRET, 'utf8');
  }
  const file = join(storeDir(live), KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(storeDir(live), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
}

/** The link's signature (the gateway checks the same bytes: services/gateway/src/preview.ts). */
export function signPreviewLink(key, remote, version, exp) {
  return createHmac('sha256', key).update(`wishlist-preview-link\n${remote}\n${version}\n${exp}`).digest('base64url');
}

export function previewLink(publicUrl, key, remote, version, now = Date.now()) {
  const exp = Math.floor(now / 1000) + PREVIEW_LINK_TTL_S;
  const sig = signPreviewLink(key, remote, version, exp);
  return `${publicUrl.replace(/\/+$/, '')}/remotes/${shortNameOf(remote)}/preview/${encodeURIComponent(version)}?exp=${exp}&sig=${sig}`;
}
