// The page a phone asks for says at once what its first view needs. Without this, the
// browser found out one step at a time: index.html, the shell's entry, /remotes.json, the remote's
// manifest, its entry, its chunks, then the API call. The gateway now writes into index.html
//  - the runtime configuration (what /remotes.json answers), so the shell needs no round trip for it;
//  - which remote (and exposed page) the requested route renders, so the shell's entry asks the
//    federation runtime to load it (preloadRemote) while React downloads;
//  - a preload hint for that remote's manifest.
// No script is preloaded from the HTML: a <link rel=preload> that failed (the remote was down) is
// handed to the next <script> of that URL as a failure, so the error panel's Retry would fail once
// more; the runtime's own loads are retried cleanly. Hints are only hints: a route missing here
// loads as before.
import { FIRST_VIEW_DATA_ID, FIRST_VIEW_HYDRATE_ATTRIBUTE } from '@wishlist/contracts';
import type { RemoteEntry } from './config';
import type { Snapshot } from './snapshot';

/** The remote (and, when one page dominates, its exposed module) each first view renders. */
const FIRST_VIEWS: { path: RegExp; remote: string; expose?: string }[] = [
  { path: /^\/see\/[^/]+\/?$/, remote: 'remote_lists', expose: './SharedListPage' },
  { path: /^\/product-list\/[^/]+(\/[^/]+)?\/?$/, remote: 'remote_lists', expose: './ProductListingPage' },
  { path: /^\/(product-lists|create-product-list|edit-product-list|share-product-list)(\/|$)/, remote: 'remote_lists' },
  { path: /^\/((en|fr)\/)?offer-confirmation\/[^/]+\/?$/, remote: 'remote_basket_offer', expose: './OfferConfirmationPage' },
  { path: /^\/((en|fr)\/)?offer-withdrawal\/[^/]+\/?$/, remote: 'remote_basket_offer', expose: './OfferWithdrawalPage' },
  { path: /^\/((en|fr)\/)?pledge\/[^/]+\/?$/, remote: 'remote_basket_offer', expose: './PledgePage' },
  { path: /^\/((en|fr)\/)?my-gifts\/?$/, remote: 'remote_basket_offer', expose: './MyGiftsPage' },
  { path: /^\/(en|fr)\/?$/, remote: 'remote_content', expose: './HomePage' },
  { path: /^\/((en|fr)\/|not-found$|how-to-use-android-app$)/, remote: 'remote_content' },
  { path: /^\/(authenticate|check-your-emails|validate-email|validate-email-failed|validate-email-success|delete-account|account)(\/|$)/, remote: 'remote_auth' },
  { path: /^\/(basket|offer|offer-created|offerings)(\/|$)/, remote: 'remote_basket_offer' },
];

export interface FirstViewHints {
  /** The remote the route renders and its page, for the shell's preloadRemote. */
  firstView: { remote: string; expose?: string } | null;
  /** URLs to preload as fetch (JSON): the remote's manifest. */
  fetches: string[];
}

/** The hints for `pathname`: nothing for a remote /remotes.json does not list. */
export function firstViewHints(pathname: string, remotes: RemoteEntry[]): FirstViewHints {
  const view = FIRST_VIEWS.find((v) => v.path.test(pathname));
  const remote = view && remotes.find((r) => r.name === view.remote);
  if (!view || !remote) return { firstView: null, fetches: [] };
  return { firstView: view.expose ? { remote: view.remote, expose: view.expose } : { remote: view.remote }, fetches: [remote.entry] };
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
// `<` escaped: no `</script>` can close the element early, whatever a remote's name says.
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * index.html with the runtime configuration and the first view inlined (`<script
 * type="application/json">`, never run: no script-src needed) and the preload hints, before `</head>`.
 * With a server-rendered snapshot (snapshot.ts): its stylesheets and picture preloads in <head>, its
 * markup first in <body>, `<html lang>` its language and `data-first-view` (which hides #root until
 * the shell swaps them). Without a <body> or <html> tag to anchor it, the snapshot is left out.
 */
export function renderIndex(html: string, runtimeConfig: unknown, hints: FirstViewHints, snapshot?: Snapshot | null): string {
  const body = snapshot ? /<body\b[^>]*>/i.exec(html) : null;
  const root = snapshot ? /<html\b[^>]*>/i.exec(html) : null;
  const useSnapshot = snapshot && body && root && root.index < body.index;
  const appRoot = useSnapshot && snapshot.hydrate ? APP_ROOT.exec(html) : null;
  if (useSnapshot && snapshot.hydrate && appRoot && appRoot.index > body.index) return renderHydratable(html, runtimeConfig, hints, snapshot, snapshot.hydrate, root, appRoot);
  const tags = [
    ...(useSnapshot ? [snapshot.head] : []),
    `<script id="wishlist-runtime-config" type="application/json">${inlineJson(runtimeConfig)}</script>`,
    ...(hints.firstView ? [`<script id="wishlist-first-view" type="application/json">${inlineJson(hints.firstView)}</script>`] : []),
    ...hints.fetches.map((u) => `<link rel="preload" href="${escapeAttr(u)}" as="fetch" crossorigin="anonymous">`),
  ].join('');
  let page = html;
  if (useSnapshot) {
    const bodyEnd = body.index + body[0].length;
    page = page.slice(0, bodyEnd) + snapshot.body + page.slice(bodyEnd);
    const attrs = root[0]
      .slice(5, -1)
      .replace(/\s(lang|data-first-view)=("[^"]*"|'[^']*'|[^\s>]*)/gi, '');
    const tag = `<html${attrs} lang="${escapeAttr(snapshot.language)}" data-first-view="${escapeAttr(snapshot.kind)}">`;
    page = page.slice(0, root.index) + tag + page.slice(root.index + root[0].length);
  }
  const at = page.indexOf('</head>');
  return at === -1 ? tags + page : page.slice(0, at) + tags + page.slice(at);
}

/** index.html's #root as the shell builds it: the boot splash, which a hydrated first view replaces. */
const APP_ROOT = /<div id="root">\s*<div class="boot-splash"[^>]*>[\s\S]*?<\/div>\s*<\/div>/;

/**
 * index.html with the first view in #root, as the app renders it, for the shell to hydrate instead
 * of building the page a second time; `<html data-first-view-hydrate>` says so, and the page's data,
 * if it renders from any, follows #root (`<script id="first-view-data" type="application/json">`). The shell turns it into
 * the snapshot-then-swap form when it cannot hydrate (a session, another language).
 */
function renderHydratable(
  html: string,
  runtimeConfig: unknown,
  hints: FirstViewHints,
  snapshot: Snapshot,
  hydrate: NonNullable<Snapshot['hydrate']>,
  root: RegExpExecArray,
  appRoot: RegExpExecArray,
): string {
  const data = hydrate.data === undefined ? '' : `<script id="${FIRST_VIEW_DATA_ID}" type="application/json">${inlineJson(hydrate.data)}</script>`;
  let page = html.slice(0, appRoot.index) + `<div id="root">${hydrate.root}</div>${data}` + html.slice(appRoot.index + appRoot[0].length);
  const attrs = root[0].slice(5, -1).replace(/\s(lang|data-first-view|data-first-view-hydrate)=("[^"]*"|'[^']*'|[^\s>]*)/gi, '');
  page = page.slice(0, root.index) + `<html${attrs} lang="${escapeAttr(snapshot.language)}" ${FIRST_VIEW_HYDRATE_ATTRIBUTE}="${escapeAttr(snapshot.kind)}">` + page.slice(root.index + root[0].length);
  const tags = [
    snapshot.head,
    `<script id="wishlist-runtime-config" type="application/json">${inlineJson(runtimeConfig)}</script>`,
    ...(hints.firstView ? [`<script id="wishlist-first-view" type="application/json">${inlineJson(hints.firstView)}</script>`] : []),
    ...hints.fetches.map((u) => `<link rel="preload" href="${escapeAttr(u)}" as="fetch" crossorigin="anonymous">`),
  ].join('');
  const at = page.indexOf('</head>');
  return at === -1 ? tags + page : page.slice(0, at) + tags + page.slice(at);
}
