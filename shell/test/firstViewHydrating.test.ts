// The first view being hydrated (a module of its own: hydration is decided once per page).
import '@testing-library/jest-dom';
import { FIRST_VIEW_READY_EVENT } from '@wishlist/contracts';
import { HYDRATION_TIMEOUT_MS, hydrationStarted, isHydratingFirstView } from '../src/firstView/hydrate';
import { hasFirstView, startFirstViewSwap, swapFirstView } from '../src/firstView/swap';

beforeAll(() => {
  jest.useFakeTimers();
  localStorage.clear();
  Object.defineProperty(navigator, 'languages', { value: ['en-US'], configurable: true });
  document.head.innerHTML = '<style id="first-view-css">.x{}</style>';
  document.body.innerHTML =
    '<div id="root"><header><button type="button" id="menu">Menu</button></header><main><button type="button" id="card">Lamp</button><a href="/en" id="home">Home</a></main></div>';
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
  // Before hydration starts (the app waits for its visitor's first sign of use), a press anywhere
  // on the page is held, the last one kept, and said to be taken.
  const menu = document.getElementById('menu')!;
  const menuClicks: boolean[] = [];
  menu.addEventListener('click', (e) => menuClicks.push(e.defaultPrevented));
  menu.click();
  expect(menuClicks).toEqual([]);
  expect(menu).toHaveAttribute('aria-busy', 'true');
  card.click();
  // Held: the page is not hydrated yet (nothing of the app sees it).
  expect(clicks).toEqual([]);
  expect(menu).not.toHaveAttribute('aria-busy');
  expect(card).toHaveAttribute('aria-busy', 'true');
  // No time limit while the app has not started: the first view's own stylesheet stays.
  jest.advanceTimersByTime(HYDRATION_TIMEOUT_MS + 1);
  expect(document.getElementById('first-view-css')).not.toBeNull();
  hydrationStarted();
  // The header is React's once hydration has started.
  menu.click();
  expect(menuClicks).toEqual([false]);
  card.click();
  expect(clicks).toEqual([]);
  window.dispatchEvent(new Event(FIRST_VIEW_READY_EVENT));
  // The last press replayed on the same node, now the app's.
  expect(clicks).toEqual([false]);
  expect(card).not.toHaveAttribute('aria-busy');
  expect(document.documentElement).not.toHaveAttribute('data-first-view-hydrate');
  expect(document.getElementById('first-view-css')).toBeNull();
  // Nothing to swap later (a route change, a session): no-ops.
  swapFirstView('route');
  expect(document.getElementById('card')).toBe(card);
});

it('once hydration has started, ends the first view at the latest HYDRATION_TIMEOUT_MS later', () => {
  document.head.innerHTML = '<style id="first-view-css">.x{}</style>';
  document.body.innerHTML = '<div id="root"><main><button type="button">Lamp</button></main></div>';
  document.documentElement.setAttribute('data-first-view-hydrate', 'see');
  jest.isolateModules(() => {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const hydrate = require('../src/firstView/hydrate') as typeof import('../src/firstView/hydrate');
    const swap = require('../src/firstView/swap') as typeof import('../src/firstView/swap');
    /* eslint-enable @typescript-eslint/no-require-imports */
    swap.startFirstViewSwap();
    jest.advanceTimersByTime(HYDRATION_TIMEOUT_MS * 3);
    expect(document.getElementById('first-view-css')).not.toBeNull();
    hydrate.hydrationStarted();
    jest.advanceTimersByTime(HYDRATION_TIMEOUT_MS - 1);
    expect(document.getElementById('first-view-css')).not.toBeNull();
    jest.advanceTimersByTime(1);
    expect(document.getElementById('first-view-css')).toBeNull();
    expect(document.documentElement).not.toHaveAttribute('data-first-view-hydrate');
  });
});
