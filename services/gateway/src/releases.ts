// What the gateway reads of a remote's release store (written by scripts/deploy-remote.mjs, see
// scripts/releases/store.mjs for the layout): the live release's version, the kept releases a
// browser may preview, and the key preview links are signed with. Everything is read from the live
// directory at request time (cached by modification time and size), so gateways sharing one volume
// agree, and a deploy, promote or rollback needs no restart.
import { createHash } from 'node:crypto';
import { readFileSync, statSync, type Stats } from 'node:fs';
import { join, posix } from 'node:path';
import { z } from 'zod';

export const RELEASES_DIR = '.releases';
const RECORD_FILE = 'releases.json';
const KEY_FILE = 'preview.key';
/** A release's name (the script's VERSION): safe as one path segment. */
export const RELEASE_VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,99}$/;

const safeFile = z
  .string()
  .refine((f) => f.length > 0 && !f.startsWith('/') && !f.includes('\\') && !f.split('/').some((s) => s === '' || s === '.' || s === '..'), 'a relative path');

const recordSchema = z.object({
  live: z.string().nullable(),
  releases: z.array(
    z.object({
      version: z.string().regex(RELEASE_VERSION),
      deployedAt: z.string(),
      pointers: z.array(safeFile),
    }),
  ),
});

export interface KeptRelease {
  version: string;
  /** Where its unhashed files are. */
  dir: string;
  /** Its unhashed files (remoteEntry.js, mf-manifest.json, …), relative to `dir`, `/`-separated. */
  files: ReadonlySet<string>;
}

/** A value computed from files, computed again only when one of them changed (mtime, size) or appeared. */
class Derived<T> {
  private key = '';
  private value: T | undefined;
  constructor(
    private readonly files: string[],
    private readonly compute: () => T,
  ) {}
  get(): T {
    const key = this.files.map((f) => stamp(f)).join('|');
    if (this.value === undefined || key !== this.key) {
      this.value = this.compute();
      this.key = key;
    }
    return this.value;
  }
}

function stamp(file: string): string {
  let st: Stats | undefined;
  try {
    st = statSync(file);
  } catch {
    return '-';
  }
  return `${st.mtimeMs}:${st.size}:${st.ino}`;
}

function readOrNull(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

/**
 * The version of the build whose remoteEntry.js and mf-manifest.json are in `dir`: its package
 * version (the manifest's buildVersion) + the first 8 hex of sha256(entry, NUL, manifest). The
 * deploy script names releases the same way (scripts/releases/store.mjs versionOf), so a
 * directory deployed before releases were kept has the version it gets when first adopted.
 */
export function versionOfBuild(dir: string): string | null {
  const manifest = readOrNull(join(dir, 'mf-manifest.json'));
  if (!manifest) return null;
  const entry = readOrNull(join(dir, 'remoteEntry.js')) ?? Buffer.alloc(0);
  const hash = createHash('sha256').update(entry).update('\0').update(manifest).digest('hex').slice(0, 8);
  let pkg = '0.0.0';
  try {
    const v = (JSON.parse(manifest.toString('utf8')) as { metaData?: { buildInfo?: { buildVersion?: unknown } } })?.metaData?.buildInfo?.buildVersion;
    if (typeof v === 'string' && /^[0-9A-Za-z.-]{1,60}$/.test(v)) pkg = v;
  } catch {
    /* the hash still names it */
  }
  return `${pkg}+${hash}`;
}

/** One remote's live directory and its release store. */
export class RemoteReleases {
  private readonly store: string;
  private readonly liveVersionCache: Derived<string | null>;
  private readonly recordCache: Derived<Map<string, { pointers: string[] }> | null>;
  private readonly keyCache: Derived<Buffer | null>;

  /** `secret`: RELEASE_PREVIEW_SECRET (config.ts checks it has 32 characters at least), else the store's key file. */
  constructor(
    readonly dir: string,
    secret?: string,
  ) {
    this.store = join(dir, RELEASES_DIR);
    this.liveVersionCache = new Derived([join(dir, 'remoteEntry.js'), join(dir, 'mf-manifest.json')], () => versionOfBuild(dir));
    this.recordCache = new Derived([join(this.store, RECORD_FILE)], () => this.readRecord());
    const fixed = secret ? Buffer.from(secret, 'utf8') : null;
    this.keyCache = new Derived(fixed ? [] : [join(this.store, KEY_FILE)], () => fixed ?? this.readKey());
  }

  /** The version of the files served now (derived from them, so it is true even mid-switch or after a copy by hand). */
  liveVersion(): string | null {
    return this.liveVersionCache.get();
  }

  /** A kept release whose files are all there, or null (unknown, pruned, or a malformed name). */
  kept(version: string): KeptRelease | null {
    if (!RELEASE_VERSION.test(version)) return null;
    const release = this.recordCache.get()?.get(version);
    if (!release) return null;
    const dir = join(this.store, version);
    // Checked on every request: a release pruned since the record was read is not served.
    if (stamp(join(dir, 'mf-manifest.json')) === '-' || stamp(join(dir, 'remoteEntry.js')) === '-') return null;
    return { version, dir, files: new Set(release.pointers) };
  }

  /** The key preview links and cookies are signed with, or null when no preview was ever made here. */
  previewKey(): Buffer | null {
    return this.keyCache.get();
  }

  private readRecord(): Map<string, { pointers: string[] }> | null {
    const raw = readOrNull(join(this.store, RECORD_FILE));
    if (!raw) return null;
    try {
      const parsed = recordSchema.safeParse(JSON.parse(raw.toString('utf8')));
      if (!parsed.success) return null;
      return new Map(parsed.data.releases.map((r) => [r.version, { pointers: r.pointers.map((p) => posix.normalize(p)) }]));
    } catch {
      return null;
    }
  }

  private readKey(): Buffer | null {
    const raw = readOrNull(join(this.store, KEY_FILE))?.toString('utf8').trim();
    // The script writes 64 hex characters (256 bits); anything shorter is not a key.
    return raw && raw.length >= 32 ? Buffer.from(raw, 'utf8') : null;
  }
}
