// The first view hydrated: the gateway's markup in #root is adopted by the app when the app would
// render it alike (a visitor without a session, in the snapshot's language); otherwise it is turned
// into the snapshot-then-swap form before the app starts.
import '@testing-library/jest-dom';
import { FIRST_VIEW_READY_EVENT } from '@wishlist/contracts';
import { canHydrate, isHydratingFirstView, toSwapForm } from '../src/firstView/hydrate';
import { hasFirstView, startFirstViewSwap } from '../src/firstView/swap';

/** The page as the gateway writes a hydratable first view. */
function serveHydratable(lang = 'en') {
  document.head.innerHTML = '<style id="first-view-css">.x{}</style>';
  document.body.innerHTML =
    '<div id="root"><div class="shell-app"><main><!--$--><h1>Snapshot</h1><button type="button" id="card">Lamp</button><!--/$--></main></div></div>' +
    '<script id="first-view-data" type="application/json">{"id":"l1"}</script>';
  document.documentElement.setAttribute('data-first-view-hydrate', 'see');
  document.documentElement.lang = lang;
}

beforeEach(() => {
  localStorage.clear();
  Object.defineProperty(navigator, 'languages', { value: ['en-US', 'en'], configurable: true });
});
afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-first-view-hydrate');
  document.documentElement.removeAttribute('data-first-view');
});

describe('who gets the first view hydrated', () => {
  it('a visitor without a session whose language is the snapshot\'s', () => {
    serveHydratable('en');
    expect(canHydrate()).toBe(true);
  });

  it('not someone signed in (their header and page differ), nor one reading another language', () => {
    serveHydratable('en');
    localStorage.setItem('token', JSON.stringify({ name: 'Anne', bearer: 'b' }));
    expect(canHydrate()).toBe(false);
    localStorage.clear();
    localStorage.setItem('language', JSON.stringify('fr'));
    expect(canHydrate()).toBe(false);
    document.documentElement.lang = 'fr';
    expect(canHydrate()).toBe(true);
  });

  it('the others get the snapshot-then-swap form: the markup moves to #first-view, #root is the app\'s', () => {
    serveHydratable('en');
    const card = document.getElementById('card');
    toSwapForm();
    const snapshot = document.getElementById('first-view')!;
    expect(snapshot).toContainElement(card);
    expect(document.getElementById('root')).toBeEmptyDOMElement();
    expect(snapshot.nextElementSibling?.id).toBe('root');
    expect(document.documentElement).toHaveAttribute('data-first-view', 'see');
    expect(document.documentElement).not.toHaveAttribute('data-first-view-hydrate');
    expect(document.getElementById('first-view-data')).toBeNull();
  });
});

describe('a session turns the page into the swap form at start', () => {
  it('startFirstViewSwap with a stored session: a snapshot to swap, nothing to hydrate', () => {
    serveHydratable('en');
    localStorage.setItem('token', JSON.stringify({ name: 'Anne', bearer: 'b' }));
    startFirstViewSwap();
    expect(isHydratingFirstView()).toBe(false);
    expect(document.getElementById('first-view')).not.toBeNull();
    expect(hasFirstView()).toBe(true);
    window.dispatchEvent(new Event(FIRST_VIEW_READY_EVENT));
    expect(document.getElementById('first-view')).toBeNull();
  });
});
