// The popup's side of the page reading: which tab, then the extractor injected into it.
import type { PageProduct } from '../extract/readProduct';

export type PageReading =
  | { kind: 'read'; product: PageProduct }
  /** An http(s) page the browser would not let us read (a store, a PDF, an error page). */
  | { kind: 'unreadable'; url: string; title: string }
  /** Not a web page (new tab, browser settings): nothing to add. */
  | { kind: 'not-web'; url: string };

export interface TargetTab {
  id: number;
  url: string;
  title: string;
}

/**
 * The tab the popup is about: `?tabId=` when the popup was opened for a tab (context menu, tests),
 * else the active tab of the current window (the toolbar button and its shortcut).
 */
export async function targetTab(search: string): Promise<TargetTab | null> {
  const param = Number(new URLSearchParams(search).get('tabId'));
  let tab: chrome.tabs.Tab | undefined;
  if (Number.isInteger(param) && param > 0) tab = await chrome.tabs.get(param).catch(() => undefined);
  else [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  if (!tab?.id) return null;
  return { id: tab.id, url: tab.url ?? tab.pendingUrl ?? '', title: tab.title ?? '' };
}

export function isWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

export async function readTab(tab: TargetTab): Promise<PageReading> {
  if (!isWebUrl(tab.url)) return { kind: 'not-web', url: tab.url };
  try {
    await chrome.scripting.executeScript({ target: { tabId: tab.id }, files: ['extract.js'] });
    const [result] = await chrome.scripting.executeScript({
      target: { tabId: tab.id },
      func: () => globalThis.__wishlistReadProduct?.(),
    });
    const product = result?.result as PageProduct | undefined;
    if (!product || typeof product.name !== 'string') return { kind: 'unreadable', url: tab.url, title: tab.title };
    return { kind: 'read', product: { ...product, url: tab.url } };
  } catch {
    return { kind: 'unreadable', url: tab.url, title: tab.title };
  }
}
