// Injected into the page's isolated world by the popup (chrome.scripting.executeScript, on click
// only). It leaves one function there; the popup's second injection calls it and gets the result.
import { readProduct } from './readProduct';

declare global {
  var __wishlistReadProduct: (() => ReturnType<typeof readProduct>) | undefined;
}

globalThis.__wishlistReadProduct = () => readProduct(document, location.href);
