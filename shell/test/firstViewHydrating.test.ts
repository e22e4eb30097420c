// The first view being hydrated (a module of its own: hydration is decided once per page).
import '@testing-library/jest-dom';
import { FIRST_VIEW_READY_EVENT } from '@wishlist/contracts';
import { hydrationStarted, isHydratingFirstView } from '../src/firstView/hydrate';
import { hasFirstView, startFirstViewSwap, swapFirstView } from '../src/firstView/swap';

beforeAll(() => {
  localStorage.clear();
  Object.defineProperty(navigator, 'languages', { value: ['en-US'], configurable: true });
  document.head.innerHTML = '<style id="first-view-css">.x{}</style>';
  document.body.innerHTML = '<div id="root"><main><button type="button" id="card">Lamp</button><a href="/en" id="home">Home</a></main></div>';
  document.documentElement.setAttribute('data-first-view-hydrate', 'see');
  document.documentElement.lang = 'en';
});

it('keeps the markup in #root, holds a press until the page is hydrated, replays it, then drops the first view\'s leftovers', () => {
  startFirstViewSwap();
  expect(isHydratingFirstView()).toBe(true);
  expect(document.getElementById('first-view')).toBeNull();
  expect(hasFirstView()).toBe(true);
  const card = document.getElementById('card')!;
  const clicks: boolean[] = [];
  // What the app's handler would do once hydrated (attached here in the bubbling phase).
  card.addEventListener('click', (e) => clicks.push(e.defaultPrevented));
  card.click();
  // Held: the page is not hydrated yet (nothing of the app sees it).
  expect(clicks).toEqual([]);
  hydrationStarted();
  card.click();
  expect(clicks).toEqual([]);
  window.dispatchEvent(new Event(FIRST_VIEW_READY_EVENT));
  // The last press replayed on the same node, now the app's.
  expect(clicks).toEqual([false]);
  expect(document.documentElement).not.toHaveAttribute('data-first-view-hydrate');
  expect(document.getElementById('first-view-css')).toBeNull();
  // Nothing to swap later (a route change, a session): no-ops.
  swapFirstView('route');
  expect(document.getElementById('card')).toBe(card);
});
