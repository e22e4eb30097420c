// A visitor's first view starts the app at their first sign of use (src/firstView/intent.ts).
import { APP_FILES_ID } from '@wishlist/contracts';
import { INTENT_EVENTS, prefetchAppFiles, prefetchWhileWaitingPlugin, setPrefetching, whenVisitorActs } from '../src/firstView/intent';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerPlugins: jest.fn() }));

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, 0));
  return done;
};

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  setPrefetching(false);
});

describe('the first sign of use', () => {
  it('waits while nobody acts, then resolves on any of the signs', async () => {
    for (const type of INTENT_EVENTS) {
      const acted = whenVisitorActs();
      expect(await settled(acted)).toBe(false);
      window.dispatchEvent(new Event(type));
      expect(await settled(acted)).toBe(true);
    }
  });

  it('counts a sign on any element of the page (listened for in the capture phase)', async () => {
    document.body.innerHTML = '<main><button type="button">Lamp</button></main>';
    const acted = whenVisitorActs();
    document.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: false }));
    expect(await settled(acted)).toBe(true);
  });

  it('does not wait when the focus is already in the page', async () => {
    document.body.innerHTML = '<button type="button">Lamp</button>';
    document.querySelector('button')!.focus();
    expect(await settled(whenVisitorActs())).toBe(true);
  });

  it('a page load, a resize or a scroll by script are no sign', async () => {
    const acted = whenVisitorActs();
    for (const type of ['load', 'resize', 'scroll', 'visibilitychange']) window.dispatchEvent(new Event(type));
    expect(await settled(acted)).toBe(false);
  });
});

describe('the app\'s code, fetched while the page waits', () => {
  it('prefetches the files the shell\'s build listed, and nothing that is not a web address', () => {
    document.head.innerHTML = `<script type="application/json" id="${APP_FILES_ID}">["/static/js/async/a.js","https://cdn.example/b.css","javascript:alert(1)",42]</script>`;
    prefetchAppFiles();
    const links = [...document.querySelectorAll('link')];
    expect(links.map((l) => [l.rel, l.href])).toEqual([
      ['prefetch', `${location.origin}/static/js/async/a.js`],
      ['prefetch', 'https://cdn.example/b.css'],
    ]);
  });

  it('does nothing without a list, or with a broken one', () => {
    prefetchAppFiles();
    document.head.innerHTML = `<script type="application/json" id="${APP_FILES_ID}">{not json</script>`;
    prefetchAppFiles();
    expect(document.querySelector('link')).toBeNull();
  });

  it('turns the federation runtime\'s preloads into prefetches only while the app waits', () => {
    const plugin = prefetchWhileWaitingPlugin();
    const createLink = plugin.createLink as (a: { url: string; attrs?: Record<string, string> }) => HTMLLinkElement | undefined;
    expect(createLink({ url: '/remotes/lists/a.js', attrs: { rel: 'preload', as: 'script' } })).toBeUndefined();
    setPrefetching(true);
    const link = createLink({ url: '/remotes/lists/a.js', attrs: { rel: 'preload', as: 'script' } });
    expect(link?.rel).toBe('prefetch');
    expect(link?.getAttribute('href')).toBe('/remotes/lists/a.js');
    // A stylesheet the runtime applies is applied.
    expect(createLink({ url: '/remotes/lists/a.css', attrs: { rel: 'stylesheet' } })).toBeUndefined();
    setPrefetching(false);
    expect(createLink({ url: '/remotes/lists/a.js', attrs: { rel: 'preload', as: 'script' } })).toBeUndefined();
  });
});
