// "Snapshot then swap": the first view of /see/{id} and /en, /fr arrives as HTML, so its largest
// paint (a card's picture, the home hero) does not wait for ~250 kB of script. The
// markup is rendered with the front ends' own components, by each front end's own build:
//  - remote-lists: dist/server/first-view.cjs, `renderSharedList({ list, language })`, from the list
//    read here as an anonymous browser reads it (no credentials), within SNAPSHOT_TIMEOUT_MS;
//  - remote-content: dist/first-view/home.{en,fr}.html, prerendered;
//  - shell: dist/first-view/layout.{see,home}.{en,fr}.html (header, footer, a page slot) and
//    layout.json (its stylesheets).
// Each is read from the box's deployed dist at request time, cached by modification time and size:
// deploying one remote (scripts/deploy-remote.mjs) changes its snapshot with no restart.
//
// The page's styles (the shell's and the remote page's stylesheets, as their builds name them) are
// inlined in a <style>, not linked: a linked stylesheet blocks both rendering and every script after
// it, so a remote whose files hang would leave a blank page instead of the shell's error panel with
// Retry (and each link costs a round trip on a slow phone). The content security policy admits
// inline styles; the app later loads the same files, the same rules.
//
// The snapshot goes in `<div id="first-view">` before `#root`; `<html data-first-view>` keeps the
// app's `#root` invisible (no boot splash over it) until the shell swaps them. Whatever goes wrong
// (a list that is not there, a slow service, a build without these files) gives the page exactly as
// before, logged: never an error for the person.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createRequire, wrap } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { runInThisContext } from 'node:vm';
import type { IncomingMessage } from 'node:http';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';
import { FIRST_VIEW_STYLE_ID } from '@wishlist/contracts';
import { CLIENT_HEADER, injectTraceHeaders, signClientAddress, type Logger } from '@wishlist/service-kit';
import type { UpstreamPool } from './upstreams';

/** React's markers around a <Suspense> boundary's content rendered on the server. */
export const SUSPENSE_START = '<!--$-->';
export const SUSPENSE_END = '<!--/$-->';

/** The longest a page waits for the list its snapshot shows; then it goes without one. */
export const SNAPSHOT_TIMEOUT_MS = 400;
export const LANGUAGES = ['en', 'fr'] as const;
export type SnapshotLanguage = (typeof LANGUAGES)[number];

/** Which page a path's first view is, and what it needs. */
export type SnapshotRoute = { kind: 'see'; listId: string } | { kind: 'home'; language: SnapshotLanguage };

export function snapshotRoute(pathname: string): SnapshotRoute | null {
  const home = /^\/(en|fr)\/?$/.exec(pathname);
  if (home) return { kind: 'home', language: home[1] as SnapshotLanguage };
  const see = /^\/see\/([^/]+)\/?$/.exec(pathname);
  if (!see) return null;
  try {
    const listId = decodeURIComponent(see[1]);
    return listId ? { kind: 'see', listId } : null;
  } catch {
    return null;
  }
}

/** The language a visitor's browser asks for (the app's own choice for a page without prefix). */
export function requestLanguage(req: IncomingMessage): SnapshotLanguage {
  return (new Negotiator(req).language([...LANGUAGES]) as SnapshotLanguage | undefined) ?? 'en';
}

export interface Snapshot {
  language: SnapshotLanguage;
  /** Which first view it is (`see`, `home`): the value of `<html data-first-view>`. */
  kind: SnapshotRoute['kind'];
  /** `<div id="first-view">…</div>`. */
  body: string;
  /** Stylesheets and picture preloads for <head>. */
  head: string;
  /**
   * The same first view as the app renders it in #root, for the shell to hydrate: `root` is the
   * layout with the page, `data` what the page renders from (a shared list as read here; the home
   * page renders from nothing but its strings, and has none).
   */
  hydrate?: { root: string; data?: unknown };
}

interface SharedListRenderer {
  renderSharedList(input: { list: unknown; language: string }): string;
  sharedListPreloads?(list: unknown): { href: string; imageSrcSet?: string; imageSizes?: string }[];
  /** What the page hydrates from (a long list: its first products and its count); default the list. */
  sharedListData?(list: unknown): unknown;
}

export interface SnapshotSources {
  shellDist: string;
  remoteListsDist: string;
  remoteContentDist: string;
}

/**
 * Where a previewed release of a remote keeps its unhashed files (the first-view renderer or pages,
 * mf-manifest.json) for this request (preview.ts); its hashed stylesheets are in the live dist.
 */
export interface SnapshotReleases {
  remoteContent?: string;
  remoteLists?: string;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Shows the snapshot's own header for the viewport (the app chooses by the same 640 px breakpoint
 * in script) and keeps the app's #root, with its boot splash, invisible and out of the flow until
 * the swap. `content-visibility: hidden` spares the browser the style and layout of the app's copy
 * of the page while nobody can see it (it is done once, at the swap, as for any page shown). Inline
 * style: the content security policy admits inline styles, never inline scripts.
 */
export const SNAPSHOT_STYLE =
  '<style id="first-view-style">html[data-first-view] #root{visibility:hidden;content-visibility:hidden;position:absolute;top:0;left:0;right:0}' +
  '@media (max-width:640px){[data-first-view-header=desktop]{display:none}}' +
  '@media not all and (max-width:640px){[data-first-view-header=mobile]{display:none}}' +
  // A press held until the app has started (the shell's firstView/hydrate.ts): shown as taken.
  '[aria-busy=true]{cursor:progress}</style>';

/** A file's content, read again only when its modification time or size changed. */
class FileCache<T> {
  private entries = new Map<string, { mtimeMs: number; size: number; value: T }>();
  constructor(private readonly load: (file: string) => T) {}
  get(file: string): T {
    const st = statSync(file);
    const hit = this.entries.get(file);
    if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit.value;
    const value = this.load(file);
    this.entries.set(file, { mtimeMs: st.mtimeMs, size: st.size, value });
    return value;
  }
}

const nodeRequire = createRequire(__filename);

/**
 * Evaluates a CommonJS bundle as Node's require does, but outside its module cache: a redeployed
 * bundle (the file replaced by rename) is loaded anew. The bundle is self-contained (it only
 * requires Node's own modules).
 */
export function loadCommonJs(file: string): unknown {
  const compiled = runInThisContext(wrap(readFileSync(file, 'utf8')), { filename: file }) as (...args: unknown[]) => void;
  const module = { exports: {} as unknown };
  compiled.call(module.exports, module.exports, nodeRequire, module, file, dirname(file));
  return module.exports;
}

function loadRenderer(file: string): SharedListRenderer {
  const mod = loadCommonJs(file) as Partial<SharedListRenderer>;
  if (typeof mod.renderSharedList !== 'function') throw new Error(`${file} exports no renderSharedList`);
  return mod as SharedListRenderer;
}

/** The stylesheets a remote's exposed page loads with it (its mf-manifest.json), relative to its dist. */
export function exposeStylesheets(manifest: unknown, expose: string): string[] {
  const exposes = (manifest as { exposes?: { path?: string; assets?: { css?: { sync?: unknown } } }[] })?.exposes;
  const found = Array.isArray(exposes) ? exposes.find((e) => e?.path === expose) : undefined;
  const sync = found?.assets?.css?.sync;
  return Array.isArray(sync) ? sync.filter(isSafeRelative).map((s) => s.replace(/^\//, '')) : [];
}

const isSafeRelative = (s: unknown): s is string => typeof s === 'string' && s.endsWith('.css') && !s.split(/[\\/]/).includes('..');

/**
 * A stylesheet's text for a <style> in the page: relative `url()`s made absolute (they were relative
 * to the file at `href`), and nothing that could close the element.
 */
export function inlineCss(css: string, href: string): string {
  const dir = href.slice(0, href.lastIndexOf('/') + 1);
  return css
    .replace(/url\(\s*(['"]?)(?![a-z][a-z0-9+.-]*:|\/|#)([^'")]+)\1\s*\)/gi, (_m, q: string, rel: string) => `url(${q}${new URL(rel, `http://x${dir}`).pathname}${q})`)
    .replace(/<\/style/gi, '<\\/style');
}

export interface SnapshotDeps {
  logger: Logger;
  /** The lists service's instances (the same pool /api uses). */
  listsPool: UpstreamPool;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/** Rendered shared lists kept (a link opened by many renders once per change of the list). */
const RENDERED_LISTS = 200;

export class FirstViewSnapshots {
  private readonly text = new FileCache((f) => readFileSync(f, 'utf8'));
  private readonly json = new FileCache((f) => JSON.parse(readFileSync(f, 'utf8')) as unknown);
  private readonly renderers = new FileCache(loadRenderer);
  /** Keyed by the renderer's identity, the language and a hash of the service's answer. */
  private readonly rendered = new LRUCache<string, { page: string; preloads: string[]; data: unknown }>({ max: RENDERED_LISTS });
  private rendererIds = new WeakMap<SharedListRenderer, number>();
  private nextRendererId = 1;

  constructor(
    private readonly sources: SnapshotSources,
    private readonly deps: SnapshotDeps,
  ) {}

  /**
   * Loads the shared-list renderer and runs it once, so that the first visitor after a start does
   * not wait for the bundle to load and compile (~150 ms). Quiet when there is none.
   */
  warm(): void {
    try {
      const renderer = this.renderers.get(join(this.sources.remoteListsDist, 'server', 'first-view.cjs'));
      renderer.renderSharedList({ list: { id: 'warm-up', name: '', isOwner: false, products: [] }, language: 'en' });
    } catch {
      /* the first request says what is wrong */
    }
  }

  /** The snapshot for this request, or null (logged when something failed, silent when not applicable). */
  async snapshotFor(req: IncomingMessage, pathname: string, clientAddress: string, releases: SnapshotReleases = {}): Promise<Snapshot | null> {
    const route = snapshotRoute(pathname);
    if (!route) return null;
    try {
      return route.kind === 'home'
        ? this.home(route.language, releases.remoteContent)
        : await this.sharedList(req, route.listId, clientAddress, releases.remoteLists);
    } catch (err) {
      // A build without first-view files (an older deployment) is expected, not worth a warning per page.
      const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
      this.deps.logger[missing ? 'debug' : 'warn']({ path: pathname, err: (err as Error).message }, 'first view: no snapshot');
      return null;
    }
  }

  /** Each stylesheet made ready to inline once per version of its file, not on every page served. */
  private readonly inlined = new Map<string, FileCache<string>>();

  /** The stylesheets' text, inlined: `files` relative to `dist`, served under `base`. */
  private styles(dist: string, base: string, files: string[]): string {
    let css = this.inlined.get(base);
    if (!css) this.inlined.set(base, (css = new FileCache((file) => inlineCss(readFileSync(file, 'utf8'), `${base}${relative(dist, file)}`))));
    const cache = css;
    return files.map((f) => cache.get(join(dist, f))).join('\n');
  }

  private layout(kind: SnapshotRoute['kind'], language: SnapshotLanguage, page: string): { html: string; hydratable: string; css: string } {
    const dir = join(this.sources.shellDist, 'first-view');
    const layout = this.text.get(join(dir, `layout.${kind}.${language}.html`));
    const slot = '<!--wishlist-first-view-page-->';
    if (!layout.includes(slot)) throw new Error('the shell layout has no page slot');
    const meta = this.json.get(join(dir, 'layout.json')) as { css?: unknown };
    const files = (Array.isArray(meta?.css) ? meta.css : []).map((s) => (typeof s === 'string' ? s.replace(/^\//, '') : s)).filter(isSafeRelative);
    return {
      html: layout.replace(slot, () => page),
      // The page sits in the app's <Suspense> (the remote's page loads on its own): React's markers
      // of a boundary rendered on the server let the app hydrate the layout while the page's code loads.
      hydratable: layout.replace(slot, () => `${SUSPENSE_START}${page}${SUSPENSE_END}`),
      css: this.styles(this.sources.shellDist, '/', files),
    };
  }

  /** `data`: what a page rendered from data renders from; a first view without (`home`) is hydratable all the same. */
  private compose(kind: SnapshotRoute['kind'], language: SnapshotLanguage, page: string, pageCss: string, preloads: string[], data?: unknown): Snapshot {
    const layout = this.layout(kind, language, page);
    const style = `<style id="${FIRST_VIEW_STYLE_ID}">${layout.css}\n${pageCss}</style>`;
    const snapshot: Snapshot = { language, kind, body: `<div id="first-view">${layout.html}</div>`, head: [style, ...preloads, SNAPSHOT_STYLE].join('') };
    snapshot.hydrate = data === undefined ? { root: layout.hydratable } : { root: layout.hydratable, data };
    return snapshot;
  }

  private home(language: SnapshotLanguage, release?: string): Snapshot {
    const dist = this.sources.remoteContentDist;
    const pointers = release ?? dist;
    const page = this.text.get(join(pointers, 'first-view', `home.${language}.html`));
    const css = this.styles(dist, '/remotes/content/', exposeStylesheets(this.json.get(join(pointers, 'mf-manifest.json')), './HomePage'));
    return this.compose('home', language, page, css, []);
  }

  private async sharedList(req: IncomingMessage, listId: string, clientAddress: string, release?: string): Promise<Snapshot | null> {
    const dist = this.sources.remoteListsDist;
    const pointers = release ?? dist;
    // Files first: no bundle deployed, no request to the service.
    const renderer = this.renderers.get(join(pointers, 'server', 'first-view.cjs'));
    const css = this.styles(dist, '/remotes/lists/', exposeStylesheets(this.json.get(join(pointers, 'mf-manifest.json')), './SharedListPage'));
    const language = requestLanguage(req);
    const answer = await this.readList(listId, language, clientAddress);
    if (!answer) return null;
    let rendererId = this.rendererIds.get(renderer);
    if (rendererId === undefined) this.rendererIds.set(renderer, (rendererId = this.nextRendererId++));
    const key = `${rendererId}:${language}:${answer.hash}`;
    let rendered = this.rendered.get(key);
    if (!rendered) {
      rendered = this.renderList(renderer, answer.list, language);
      this.rendered.set(key, rendered);
    }
    // The renderer's way of saying no (a list too long to be worth it).
    if (!rendered.page) return null;
    return this.compose('see', language, rendered.page, css, rendered.preloads, rendered.data);
  }

  private renderList(renderer: SharedListRenderer, list: unknown, language: SnapshotLanguage): { page: string; preloads: string[]; data: unknown } {
    const page = renderer.renderSharedList({ list, language });
    if (typeof page !== 'string' || !page) return { page: '', preloads: [], data: undefined };
    // The renderer renders from this very data: the page's first render must match its markup.
    const data = renderer.sharedListData ? renderer.sharedListData(list) : list;
    const preloads = (renderer.sharedListPreloads?.(list) ?? [])
      .filter((p) => typeof p?.href === 'string' && p.href.startsWith('/'))
      .map(
        (p) =>
          `<link rel="preload" as="image" href="${escapeAttr(p.href)}"` +
          (p.imageSrcSet ? ` imagesrcset="${escapeAttr(p.imageSrcSet)}"` : '') +
          (p.imageSizes ? ` imagesizes="${escapeAttr(p.imageSizes)}"` : '') +
          ' fetchpriority="high">',
      );
    return { page, preloads, data };
  }

  /**
   * GET /api/product-lists/{id} from the lists service, as an anonymous browser: no bearer, no
   * identity, the visitor's (signed) address. Null for anything but a 200 with a list.
   */
  private async readList(listId: string, language: SnapshotLanguage, clientAddress: string): Promise<{ list: unknown; hash: string } | null> {
    const base = this.deps.listsPool.pick();
    if (!base) return null;
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language, 'X-Forwarded-For': clientAddress };
    headers[CLIENT_HEADER] = await signClientAddress(clientAddress);
    injectTraceHeaders(headers);
    const res = await (this.deps.fetchImpl ?? fetch)(`${base}/api/product-lists/${encodeURIComponent(listId)}`, {
      headers,
      signal: AbortSignal.timeout(this.deps.timeoutMs ?? SNAPSHOT_TIMEOUT_MS),
    });
    if (res.status !== 200) {
      await res.body?.cancel();
      return null;
    }
    const text = await res.text();
    const body = JSON.parse(text) as { data?: { id?: unknown; name?: unknown; isOwner?: unknown; products?: unknown; surprise?: unknown } };
    const list = body?.data;
    if (!list || typeof list.id !== 'string' || typeof list.name !== 'string' || !Array.isArray(list.products) || list.isOwner === true) return null;
    // A surprise list's page may be opened by its owner, whom this request cannot recognise (the
    // bearer is in the browser's storage): its HTML must not carry what is taken. The app renders it.
    if (list.surprise === true) return null;
    return { list, hash: createHash('sha256').update(text).digest('base64url') };
  }
}
