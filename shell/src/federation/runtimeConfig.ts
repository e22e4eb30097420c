// Runtime configuration served by the gateway at /remotes.json (no-cache): which remotes exist and
// where their manifests are, plus the affiliate script. Imported by the entry before React starts,
// so it must not import any shared package (react, @wishlist/*), only the federation runtime.
import { preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteResiliencePlugin } from './resiliencePlugin';

export interface RemoteDescriptor {
  name: string;
  entry: string;
  /** The release the gateway serves (`0.1.0+1a2b3c4d`); absent for dev servers. */
  version?: string;
  /** This browser previews that release (it is not live for everyone). */
  preview?: boolean;
}

export interface RuntimeConfig {
  remotes: RemoteDescriptor[];
  affiliation: { scriptUrl: string | null };
}

export const RUNTIME_CONFIG_URL = '/remotes.json';
export const RUNTIME_CONFIG_TIMEOUT_MS = 5000;

const known = new Map<string, RemoteDescriptor>();
let pluginRegistered = false;

function parse(body: unknown): RuntimeConfig {
  const b = (body ?? {}) as Partial<RuntimeConfig>;
  const remotes = Array.isArray(b.remotes)
    ? b.remotes
        .filter((r): r is RemoteDescriptor => typeof r?.name === 'string' && typeof r?.entry === 'string')
        .map((r) => ({
          name: r.name,
          entry: r.entry,
          ...(typeof r.version === 'string' ? { version: r.version } : {}),
          ...(r.preview === true ? { preview: true } : {}),
        }))
    : [];
  const scriptUrl = typeof b.affiliation?.scriptUrl === 'string' && b.affiliation.scriptUrl ? b.affiliation.scriptUrl : null;
  return { remotes, affiliation: { scriptUrl } };
}

/** Fetches /remotes.json; null when it cannot be had (the shell still starts). */
export async function fetchRuntimeConfig(fetchImpl: typeof fetch = (...a) => globalThis.fetch(...a)): Promise<RuntimeConfig | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), RUNTIME_CONFIG_TIMEOUT_MS);
  try {
    const res = await fetchImpl(RUNTIME_CONFIG_URL, { cache: 'no-store', signal: controller.signal, headers: { Accept: 'application/json' } });
    if (!res.ok) return null;
    return parse(await res.json());
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** Registers remotes with the federation runtime; `force` replaces a remote that failed before. */
export function registerRuntimeRemotes(remotes: RemoteDescriptor[], force = false): void {
  if (remotes.length === 0) return;
  if (!pluginRegistered) {
    registerPlugins([remoteResiliencePlugin()]);
    pluginRegistered = true;
  }
  registerRemotes(remotes.map((r) => ({ name: r.name, entry: r.entry })), { force });
  for (const r of remotes) known.set(r.name, r);
}

export function knownRemote(name: string): RemoteDescriptor | undefined {
  return known.get(name);
}

/** Test helper. */
export function forgetRemotes(): void {
  known.clear();
  inlineTaken = false;
}

/** The id of the copy of /remotes.json the gateway writes into the page it serves. */
export const INLINE_CONFIG_ID = 'wishlist-runtime-config';
let inlineTaken = false;

/**
 * The runtime config the gateway inlined into index.html, once: it saves the first view a round
 * trip. Null when absent or unreadable (then /remotes.json is fetched as before); a later call (a
 * Retry after a failure) always fetches, so a redeployed remote is found.
 */
export function takeInlineRuntimeConfig(doc: Document = document): RuntimeConfig | null {
  if (inlineTaken) return null;
  inlineTaken = true;
  const text = doc.getElementById(INLINE_CONFIG_ID)?.textContent;
  if (!text) return null;
  try {
    return parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * The one line that says which release of each remote this page runs, for whoever debugs it (a
 * release being previewed is marked): `[wishlist] remotes: remote_lists 0.1.0+1a2b3c4d (preview), …`.
 */
export function describeRemotes(remotes: RemoteDescriptor[]): string {
  const each = remotes.map((r) => `${r.name} ${r.version ?? '(no version)'}${r.preview ? ' (preview)' : ''}`);
  return `[wishlist] remotes: ${each.length ? each.join(', ') : 'none'}`;
}

/** Fetches the runtime config (or takes the inlined one, first) and registers its remotes. */
export async function loadRuntimeConfig(fetchImpl?: typeof fetch): Promise<RuntimeConfig | null> {
  const config = takeInlineRuntimeConfig() ?? (await fetchRuntimeConfig(fetchImpl));
  if (config) {
    console.info(describeRemotes(config.remotes));
    try {
      registerRuntimeRemotes(config.remotes);
    } catch (e) {
      console.error('[shell] registering remotes failed', e);
    }
  }
  return config;
}

/** The id of the first view the gateway names in index.html: `{ remote, expose? }`. */
export const FIRST_VIEW_ID = 'wishlist-first-view';

/**
 * Starts loading the remote (manifest, entry, the page's own chunks; not its shared packages: the
 * shell's are used) that the gateway says the route renders, while React downloads. A failure is
 * left to the page's own load, which shows the error panel with Retry.
 */
function readFirstView(doc: Document): { remote?: unknown; expose?: unknown } | null {
  try {
    return JSON.parse(doc.getElementById(FIRST_VIEW_ID)?.textContent || 'null') as { remote?: unknown; expose?: unknown } | null;
  } catch {
    return null;
  }
}

export function preloadFirstView(doc: Document = document): void {
  const view = readFirstView(doc);
  if (!view || typeof view.remote !== 'string' || !known.has(view.remote)) return;
  const exposes = typeof view.expose === 'string' ? [view.expose] : undefined;
  try {
    void preloadRemote([{ nameOrAlias: view.remote, exposes, share: false, depsRemote: false }]).catch(() => undefined);
  } catch {
    /* the page's own load reports it */
  }
}
