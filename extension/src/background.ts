// The background worker (Chrome service worker, Firefox event page): the "Add to my wish list"
// context menu. The toolbar button and its shortcut (`_execute_action`) open the popup by
// themselves; nothing here reads a page.
import { productCreationFromUrlPath } from '@wishlist/contracts';
import { getLastListId, getServerUrl } from './lib/settings';

export const MENU_ID = 'add-to-wishlist';

chrome.runtime.onInstalled.addListener(() => {
  chrome.contextMenus.create({ id: MENU_ID, title: chrome.i18n.getMessage('menuAdd'), contexts: ['page', 'link', 'image'] });
});

/**
 * A page or a picture: the popup, in a small window, for that tab (the menu click granted
 * activeTab on it), with the picture offered first. A link: its page is not open, so the site's own
 * product creation reads it ("Open in Wishlist", `/create-product/from/{encoded}/to/{listId}`).
 */
export async function onMenuClicked(info: chrome.contextMenus.OnClickData, tab?: chrome.tabs.Tab): Promise<void> {
  if (info.menuItemId !== MENU_ID) return;
  if (info.linkUrl && !info.srcUrl && /^https?:/i.test(info.linkUrl)) {
    const server = await getServerUrl();
    await chrome.tabs.create({ url: `${server}${productCreationFromUrlPath(info.linkUrl, await getLastListId())}`, index: tab ? tab.index + 1 : undefined });
    return;
  }
  if (!tab?.id) return;
  const params = new URLSearchParams({ tabId: String(tab.id) });
  if (info.srcUrl && /^https?:/i.test(info.srcUrl)) params.set('image', info.srcUrl);
  await chrome.windows.create({ url: chrome.runtime.getURL(`popup.html?${params}`), type: 'popup', width: 400, height: 640 });
}

chrome.contextMenus.onClicked.addListener((info, tab) => void onMenuClicked(info, tab));

// Reachable from the worker's own global (never from a page): lets the browser tests, which cannot
// open a native context menu, run exactly what a click on it runs.
(globalThis as { wishlistMenuClicked?: typeof onMenuClicked }).wishlistMenuClicked = onMenuClicked;
