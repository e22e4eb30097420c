// jsdom lacks TextEncoder/TextDecoder, which react-router 7 needs.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom does not lay out pages, so it has no scrolling: window.scrollTo logs "Not implemented"
// on every navigation. A no-op keeps test output readable; tests that check scrolling replace it
// with their own mock (shell/test/scrollManager.test.tsx).
if (typeof window !== 'undefined') {
  Object.defineProperty(window, 'scrollTo', { value: () => {}, writable: true, configurable: true });
}

// findBy*/waitFor give up after 1 s by default. CI machines are shared: a page that loads two lazy
// remotes in turn (a redirect, then the page it leads to) can take longer than that beside other
// suites. A missing element still fails, later; the per-test timeout stays the outer bound.
require('@testing-library/dom').configure({ asyncUtilTimeout: 5000 });
