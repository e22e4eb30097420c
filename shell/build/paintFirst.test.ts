import { paintFirstTags, START_SCRIPT, startScriptName } from './paintFirst';

describe('the first paint never waits for the app (paintFirst)', () => {
  const head = [
    { tag: 'style', children: '.boot-splash{}' },
    { tag: 'script', attrs: { defer: true, src: '/static/js/c.5b1b01518a.js' } },
    { tag: 'script', attrs: { defer: true, src: '/static/js/index.f1fec09072.js', crossorigin: 'anonymous' } },
  ];

  it('preloads the entry scripts in their order and starts them from one deferred script', () => {
    const tags = paintFirstTags(head, '/static/js/start.0123456789.js');
    expect(tags).toEqual([
      { tag: 'style', children: '.boot-splash{}' },
      { tag: 'link', attrs: { rel: 'preload', as: 'script', href: '/static/js/c.5b1b01518a.js', fetchpriority: 'low', 'data-app-entry': true } },
      { tag: 'link', attrs: { rel: 'preload', as: 'script', href: '/static/js/index.f1fec09072.js', fetchpriority: 'low', 'data-app-entry': true, crossorigin: 'anonymous' } },
      { tag: 'script', attrs: { defer: true, src: '/static/js/start.0123456789.js' } },
    ]);
  });

  it('leaves a page without entry scripts (and inline scripts) alone', () => {
    const inline = [{ tag: 'script', attrs: { type: 'application/json' }, children: '{}' }];
    expect(paintFirstTags(inline, '/s.js')).toBe(inline);
  });

  it('ships the start script without its comments, under a name that changes with it', () => {
    expect(START_SCRIPT).not.toMatch(/^\s*\/\//m);
    expect(START_SCRIPT).toContain('data-app-entry');
    expect(startScriptName()).toMatch(/^static\/js\/start\.[0-9a-f]{10}\.js$/);
    expect(startScriptName('other')).not.toBe(startScriptName());
  });
});

describe('start.js in a page', () => {
  function servePage() {
    document.head.innerHTML =
      '<link rel="preload" as="script" href="/static/js/c.1.js" data-app-entry>' +
      '<link rel="preload" as="script" href="/static/js/index.2.js" data-app-entry crossorigin="anonymous">' +
      '<link rel="preload" as="image" href="/hero.png">';
  }
  const added = () => [...document.head.querySelectorAll('script')].map((s) => [new URL(s.src).pathname, s.async, s.getAttribute('crossorigin')]);

  afterEach(() => {
    jest.useRealTimers();
    document.head.innerHTML = '';
  });

  it('adds the entries in order after the next frame has been painted, once', () => {
    jest.useFakeTimers();
    servePage();
    let frame: FrameRequestCallback | undefined;
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      frame = cb;
      return 1;
    });
    new Function(START_SCRIPT)();
    expect(added()).toEqual([]);
    frame!(0);
    expect(added()).toEqual([]);
    jest.advanceTimersByTime(0);
    expect(added()).toEqual([
      ['/static/js/c.1.js', false, null],
      ['/static/js/index.2.js', false, 'anonymous'],
    ]);
    jest.advanceTimersByTime(1000);
    expect(added()).toHaveLength(2);
  });

  it('starts anyway when no frame comes', () => {
    jest.useFakeTimers();
    servePage();
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    new Function(START_SCRIPT)();
    expect(added()).toEqual([]);
    jest.advanceTimersByTime(500);
    expect(added()).toHaveLength(2);
  });

  it('starts at once in a background tab (it gets no frames)', () => {
    servePage();
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    new Function(START_SCRIPT)();
    expect(added()).toHaveLength(2);
    visibility.mockRestore();
  });
});
