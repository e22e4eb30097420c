// Issue 13: the page a phone asks for says at once what its first view needs. Without this, the
// browser found out one step at a time: index.html, the shell's entry, /remotes.json, the remote's
// manifest, its entry, its chunks, then the API call. The gateway now writes into index.html
//  - the runtime configuration (what /remotes.json answers), so the shell needs no round trip for it;
//  - preload hints for the manifest, the entry and the page's chunks of the remote the requested
//    route renders, read from that remote's own mf-manifest.json (so they follow every deploy).
// Hints are only hints: a route missing here, or a remote served from elsewhere, loads as before.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RemoteEntry } from './config';

/** The remote (and, when one page dominates, its exposed module) each first view renders. */
const FIRST_VIEWS: { path: RegExp; remote: string; expose?: string }[] = [
  { path: /^\/see\/[^/]+\/?$/, remote: 'remote_lists', expose: 'SharedListPage' },
  { path: /^\/product-list\/[^/]+(\/[^/]+)?\/?$/, remote: 'remote_lists', expose: 'ProductListingPage' },
  { path: /^\/(product-lists|create-product-list|edit-product-list|share-product-list)(\/|$)/, remote: 'remote_lists' },
  { path: /^\/(en|fr)\/?$/, remote: 'remote_content', expose: 'HomePage' },
  { path: /^\/((en|fr)\/|not-found$|how-to-use-android-app$)/, remote: 'remote_content' },
  { path: /^\/(authenticate|check-your-emails|validate-email|validate-email-failed|validate-email-success|delete-account)(\/|$)/, remote: 'remote_auth' },
  { path: /^\/(basket|offer|offer-created|offerings)(\/|$)/, remote: 'remote_basket_offer' },
];

export interface FirstViewHints {
  /** URLs to fetch (JSON): the remote's manifest. */
  fetches: string[];
  /** Scripts: the remote's entry and the page's own chunks. */
  scripts: string[];
  styles: string[];
}

interface ManifestFile {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { name?: unknown; assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } } }[];
}

const manifests = new Map<string, { mtimeMs: number; size: number; manifest: ManifestFile | null }>();

/** A remote's manifest from its dist, read again whenever the file changes (a deploy). */
function readManifest(file: string): ManifestFile | null {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return null;
  }
  const cached = manifests.get(file);
  if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.manifest;
  let manifest: ManifestFile | null;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as ManifestFile;
  } catch {
    manifest = null;
  }
  manifests.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, manifest });
  return manifest;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.length > 0) : []);
const RELATIVE_ASSET = /^[\w./-]+$/;

/**
 * The hints for `pathname`: always the remote's manifest when /remotes.json lists it; its entry
 * and the page's synchronous chunks when the manifest is one of ours (served at /remotes/<short>/,
 * dist known), since only then can the gateway read it.
 */
export function firstViewHints(pathname: string, remotes: RemoteEntry[], distOf: (entry: string) => string | null): FirstViewHints {
  const hints: FirstViewHints = { fetches: [], scripts: [], styles: [] };
  const view = FIRST_VIEWS.find((v) => v.path.test(pathname));
  const remote = view && remotes.find((r) => r.name === view.remote);
  if (!view || !remote) return hints;
  hints.fetches.push(remote.entry);
  const dist = distOf(remote.entry);
  if (!dist) return hints;
  const manifest = readManifest(join(dist, 'mf-manifest.json'));
  if (!manifest) return hints;
  const base = remote.entry.slice(0, remote.entry.lastIndexOf('/') + 1);
  const url = (asset: string) => (RELATIVE_ASSET.test(asset) && !asset.includes('..') ? base + asset.replace(/^\.?\//, '') : null);
  const entryPath = typeof manifest.metaData?.remoteEntry?.path === 'string' ? manifest.metaData.remoteEntry.path : '';
  const entryName = typeof manifest.metaData?.remoteEntry?.name === 'string' ? manifest.metaData.remoteEntry.name : '';
  const entry = entryName ? url(entryPath ? `${entryPath.replace(/\/$/, '')}/${entryName}` : entryName) : null;
  if (entry) hints.scripts.push(entry);
  const expose = view.expose ? manifest.exposes?.find((e) => e.name === view.expose) : undefined;
  for (const js of strings(expose?.assets?.js?.sync)) {
    const u = url(js);
    if (u) hints.scripts.push(u);
  }
  for (const css of strings(expose?.assets?.css?.sync)) {
    const u = url(css);
    if (u) hints.styles.push(u);
  }
  return hints;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * index.html with the runtime configuration inlined (`<script type="application/json">`, not run:
 * no script-src needed) and the preload hints, before `</head>`.
 */
export function renderIndex(html: string, runtimeConfig: unknown, hints: FirstViewHints): string {
  // `<` escaped: no `</script>` can close the element early, whatever a remote's name says.
  const json = JSON.stringify(runtimeConfig).replace(/</g, '\\u003c');
  const tags = [
    `<script id="wishlist-runtime-config" type="application/json">${json}</script>`,
    ...hints.fetches.map((u) => `<link rel="preload" href="${escapeAttr(u)}" as="fetch" crossorigin="anonymous">`),
    ...hints.styles.map((u) => `<link rel="preload" href="${escapeAttr(u)}" as="style">`),
    ...hints.scripts.map((u) => `<link rel="preload" href="${escapeAttr(u)}" as="script">`),
  ].join('');
  const at = html.indexOf('</head>');
  return at === -1 ? tags + html : html.slice(0, at) + tags + html.slice(at);
}
