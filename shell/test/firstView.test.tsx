// "Snapshot then swap": the server's snapshot (#first-view) stays until the app's page
// is on screen, then goes in one step, keeping the scroll position.
import '@testing-library/jest-dom';
import { act, screen, waitFor } from '@testing-library/react';
import { FIRST_VIEW_READY_EVENT, signalFirstViewReady } from '@wishlist/contracts';
import { useSessionStore } from '@wishlist/stores';
import { RemoteLoadError } from '../src/federation/remoteLoader';
import { hasFirstView, lastSwapReason, startFirstViewSwap, swapFirstView, SWAP_TIMEOUT_MS } from '../src/firstView/swap';
import { fakeRemote, renderApp, setUpRouteTests } from './helpers';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
  preloadRemote: jest.fn(() => Promise.resolve()),
}));

/** The page as the gateway writes it: the snapshot before #root, the attribute on <html>. */
function serveSnapshot() {
  document.body.innerHTML = '<div id="first-view"><main><h1>Snapshot</h1></main></div>';
  document.documentElement.setAttribute('data-first-view', 'see');
}

afterEach(() => {
  swapFirstView('timeout');
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-first-view');
  jest.useRealTimers();
});

describe('the swap itself', () => {
  it('waits for the page to say it rendered, then removes the snapshot and shows #root', () => {
    serveSnapshot();
    startFirstViewSwap();
    expect(hasFirstView()).toBe(true);
    window.dispatchEvent(new Event(FIRST_VIEW_READY_EVENT));
    expect(hasFirstView()).toBe(false);
    expect(document.documentElement).not.toHaveAttribute('data-first-view');
    expect(lastSwapReason()).toBe('ready');
  });

  it("drops the snapshot's inline stylesheet with it (the app's own files carry the same rules)", () => {
    serveSnapshot();
    const style = document.createElement('style');
    style.id = 'first-view-css';
    style.textContent = '.x{color:red}';
    document.head.append(style);
    const other = document.createElement('style');
    other.id = 'first-view-style';
    document.head.append(other);
    startFirstViewSwap();
    window.dispatchEvent(new Event(FIRST_VIEW_READY_EVENT));
    expect(document.getElementById('first-view-css')).toBeNull();
    // The rule that keeps #root hidden only applies while <html data-first-view>: harmless, kept.
    expect(document.getElementById('first-view-style')).not.toBeNull();
    other.remove();
  });

  it('a page signals only where there is a snapshot', () => {
    const seen = jest.fn();
    window.addEventListener(FIRST_VIEW_READY_EVENT, seen);
    signalFirstViewReady();
    expect(seen).not.toHaveBeenCalled();
    serveSnapshot();
    signalFirstViewReady();
    expect(seen).toHaveBeenCalledTimes(1);
    window.removeEventListener(FIRST_VIEW_READY_EVENT, seen);
  });

  it('gives up waiting after SWAP_TIMEOUT_MS', () => {
    jest.useFakeTimers();
    serveSnapshot();
    startFirstViewSwap();
    jest.advanceTimersByTime(SWAP_TIMEOUT_MS - 1);
    expect(hasFirstView()).toBe(true);
    jest.advanceTimersByTime(1);
    expect(hasFirstView()).toBe(false);
    expect(lastSwapReason()).toBe('timeout');
  });

  it('keeps the scroll position the person reached in the snapshot', () => {
    serveSnapshot();
    startFirstViewSwap();
    let y = 640;
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(((o: ScrollToOptions) => (y = o.top ?? y)) as typeof window.scrollTo);
    // Removing the snapshot made the page jump back (the app's page was not as tall yet).
    const original = Element.prototype.remove;
    jest.spyOn(Element.prototype, 'remove').mockImplementation(function (this: Element) {
      y = 0;
      original.call(this);
    });
    swapFirstView('ready');
    expect(scrollTo).toHaveBeenCalledWith({ top: 640, left: 0, behavior: 'instant' });
    expect(y).toBe(640);
    jest.restoreAllMocks();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  it('without a snapshot, nothing waits and #root is never left hidden', () => {
    document.documentElement.setAttribute('data-first-view', 'see');
    startFirstViewSwap();
    expect(document.documentElement).not.toHaveAttribute('data-first-view');
  });
});

describe('the app ends the snapshot', () => {
  const load = setUpRouteTests(['remote_lists', 'remote_content']);

  it('when the route changes (an owner sent to their own list, a list that is not there)', async () => {
    serveSnapshot();
    startFirstViewSwap();
    load.mockImplementation(async (id: string) => {
      if (id === 'remote_lists/SharedListPage') {
        const { Navigate } = await import('react-router-dom');
        return { default: () => <Navigate to="/not-found" replace /> } as never;
      }
      return fakeRemote(id) as never;
    });
    renderApp('/see/abc');
    await screen.findByText('page:remote_content/NotFoundPage');
    expect(hasFirstView()).toBe(false);
    expect(lastSwapReason()).toBe('route');
  });

  it('when the remote fails: the error panel with Retry shows at once', async () => {
    serveSnapshot();
    startFirstViewSwap();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    load.mockImplementation(async (id: string) => {
      throw new RemoteLoadError(id, 'unavailable');
    });
    renderApp('/see/abc');
    await screen.findByRole('button', { name: /retry/i });
    expect(hasFirstView()).toBe(false);
    expect(lastSwapReason()).toBe('error');
  });

  it('when the person turns out signed in (the snapshot shows the signed-out header)', async () => {
    serveSnapshot();
    startFirstViewSwap();
    // The page never signals (still loading its data).
    load.mockImplementation(async () => ({ default: () => <p>loading</p> }) as never);
    renderApp('/see/abc');
    await screen.findByText('loading');
    expect(hasFirstView()).toBe(true);
    act(() => useSessionStore.setState({ token: { name: 'me', bearer: 'b' } as never, defaultListId: 'mine' }));
    await waitFor(() => expect(hasFirstView()).toBe(false));
    expect(lastSwapReason()).toBe('signed-in');
  });

  it('no splash covers the snapshot, and the page signal swaps it', async () => {
    serveSnapshot();
    startFirstViewSwap();
    load.mockImplementation(async () => ({ default: () => <h1 ref={() => signalFirstViewReady()}>page</h1> }) as never);
    renderApp('/en');
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
    await screen.findByRole('heading', { name: 'page' });
    await waitFor(() => expect(hasFirstView()).toBe(false));
    expect(lastSwapReason()).toBe('ready');
  });
});

describe('a press on the snapshot is not lost', () => {
  /** The snapshot and the app's page, alike under <main>, before the swap. */
  function servePages(onAppPress: jest.Mock) {
    document.body.innerHTML =
      '<div id="first-view"><header><button id="menu">Menu</button></header><main><ul><li><button class="card">Teapot</button></li><li><button class="card">Lamp</button></li></ul><a href="/basket">Basket</a></main></div>' +
      '<div id="root"><main><ul><li><button class="card">Teapot</button></li><li><button class="card">Lamp</button></li></ul><a href="/basket">Basket</a></main></div>';
    document.documentElement.setAttribute('data-first-view', 'see');
    for (const [i, b] of Array.from(document.querySelectorAll('#root .card')).entries()) b.addEventListener('click', () => onAppPress(i));
  }

  it('replays the last control pressed on the same control of the app, and moves the focus there', () => {
    const onAppPress = jest.fn();
    servePages(onAppPress);
    startFirstViewSwap();
    const lamp = document.querySelectorAll<HTMLButtonElement>('#first-view .card')[1];
    lamp.focus();
    lamp.click();
    expect(onAppPress).not.toHaveBeenCalled();
    window.dispatchEvent(new Event(FIRST_VIEW_READY_EVENT));
    expect(onAppPress).toHaveBeenCalledWith(1);
    expect(onAppPress).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(document.querySelectorAll('#root .card')[1]);
  });

  it('replays nothing when the swap comes from another page (a new route, an error panel)', () => {
    const onAppPress = jest.fn();
    servePages(onAppPress);
    startFirstViewSwap();
    document.querySelectorAll<HTMLButtonElement>('#first-view .card')[0].click();
    swapFirstView('route');
    expect(onAppPress).not.toHaveBeenCalled();
  });

  it('leaves links to work as links, and presses outside the page alone', () => {
    const onAppPress = jest.fn();
    servePages(onAppPress);
    startFirstViewSwap();
    const link = document.querySelector<HTMLAnchorElement>('#first-view a')!;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    document.querySelector<HTMLButtonElement>('#first-view #menu')!.click();
    window.dispatchEvent(new Event(FIRST_VIEW_READY_EVENT));
    expect(onAppPress).not.toHaveBeenCalled();
  });
});

describe('keys pressed on the snapshot are not lost', () => {
  it('replays the arrow, Home and End keys pressed on a card on the app’s page, after the focus', () => {
    document.body.innerHTML =
      '<div id="first-view"><main><ul><li><button class="card">A</button></li><li><button class="card">B</button></li></ul></main></div>' +
      '<div id="root"><main><ul><li><button class="card">A</button></li><li><button class="card">B</button></li></ul></main></div>';
    document.documentElement.setAttribute('data-first-view', 'see');
    const seen: string[] = [];
    document.querySelector('#root ul')!.addEventListener('keydown', (e) => seen.push(`${(e as KeyboardEvent).key}@${(e.target as HTMLElement).textContent}`));
    startFirstViewSwap();
    const first = document.querySelector<HTMLButtonElement>('#first-view .card')!;
    first.focus();
    const end = new KeyboardEvent('keydown', { key: 'End', bubbles: true, cancelable: true });
    first.dispatchEvent(end);
    expect(end.defaultPrevented).toBe(true);
    first.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    window.dispatchEvent(new Event(FIRST_VIEW_READY_EVENT));
    expect(document.activeElement).toBe(document.querySelector('#root .card'));
    expect(seen).toEqual(['End@A']);
  });
});
