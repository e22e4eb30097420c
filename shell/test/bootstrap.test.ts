import { waitFor } from '@testing-library/react';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { AFFILIATE_SCRIPT_ID, injectAffiliateScript } from '../src/affiliation';
import { fetchRuntimeConfig, forgetRemotes, knownRemote, loadRuntimeConfig } from '../src/federation/runtimeConfig';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));

const response = (body: unknown, ok = true) => ({ ok, json: async () => body }) as Response;

beforeEach(() => {
  document.head.innerHTML = '';
  forgetRemotes();
  (registerRemotes as jest.Mock).mockReset();
});

describe('affiliate script (SPEC §1)', () => {
  it('appends one async script when a URL is given', () => {
    injectAffiliateScript('https://aff.example/track.js');
    injectAffiliateScript('https://aff.example/track.js');
    const scripts = document.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0].src).toBe('https://aff.example/track.js');
    expect(scripts[0].async).toBe(true);
    expect(scripts[0].id).toBe(AFFILIATE_SCRIPT_ID);
  });
  it('never requests it when null', () => {
    expect(injectAffiliateScript(null)).toBeNull();
    expect(injectAffiliateScript(undefined)).toBeNull();
    expect(document.querySelector('script')).toBeNull();
  });
});

describe('runtime config (/remotes.json)', () => {
  it('registers remotes and returns the affiliation', async () => {
    const fetchImpl = jest.fn().mockResolvedValue(
      response({
        remotes: [{ name: 'remote_content', entry: '/remotes/content/mf-manifest.json' }, { bad: 1 }],
        affiliation: { scriptUrl: 'https://aff.example/s.js' },
      }),
    );
    const cfg = await loadRuntimeConfig(fetchImpl);
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-store' }));
    expect(cfg).toEqual({
      remotes: [{ name: 'remote_content', entry: '/remotes/content/mf-manifest.json' }],
      affiliation: { scriptUrl: 'https://aff.example/s.js' },
    });
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'remote_content', entry: '/remotes/content/mf-manifest.json' }], { force: false });
    expect(knownRemote('remote_content')).toBeDefined();
  });
  it('reads a null affiliation', async () => {
    const cfg = await fetchRuntimeConfig(jest.fn().mockResolvedValue(response({ remotes: [], affiliation: { scriptUrl: null } })));
    expect(cfg?.affiliation.scriptUrl).toBeNull();
  });
  it('returns null (the shell still starts) when the file fails', async () => {
    expect(await loadRuntimeConfig(jest.fn().mockRejectedValue(new TypeError('offline')))).toBeNull();
    expect(await loadRuntimeConfig(jest.fn().mockResolvedValue(response({}, false)))).toBeNull();
    expect(registerRemotes).not.toHaveBeenCalled();
  });
});

/** The entry's import of the bootstrap, as a mock that records it. */
function mockBootstrap(): jest.Mock {
  jest.resetModules();
  const bootstrap = jest.fn();
  jest.doMock('../src/bootstrap', () => {
    bootstrap();
    return {};
  });
  return bootstrap;
}

/** Evaluates src/index.ts afresh, as a page load does. */
async function runEntry(): Promise<void> {
  await jest.isolateModulesAsync(async () => {
    await import('../src/index');
  });
}

describe('entry (src/index.ts)', () => {
  it('injects the affiliate script from remotes.json, then imports the bootstrap', async () => {
    const bootstrap = mockBootstrap();
    globalThis.fetch = jest.fn().mockResolvedValue(response({ remotes: [], affiliation: { scriptUrl: 'https://aff.example/a.js' } }));
    await runEntry();
    await waitFor(() => expect(bootstrap).toHaveBeenCalled());
    await waitFor(() => expect(document.getElementById(AFFILIATE_SCRIPT_ID)).not.toBeNull());
    document.getElementById(AFFILIATE_SCRIPT_ID)?.remove();
  });
  it('starts without remotes.json and without the script', async () => {
    const bootstrap = mockBootstrap();
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    globalThis.fetch = jest.fn().mockRejectedValue(new TypeError('offline'));
    await runEntry();
    await waitFor(() => expect(bootstrap).toHaveBeenCalled());
    // The page has settled (the affiliate script would have been added by now).
    await new Promise((r) => setTimeout(r, 20));
    expect(document.getElementById(AFFILIATE_SCRIPT_ID)).toBeNull();
  });
  it('on a visitor\'s hydratable first view, loaded now, imports the bootstrap at their first sign of use', async () => {
    const bootstrap = mockBootstrap();
    localStorage.clear();
    document.documentElement.lang = 'en';
    Object.defineProperty(navigator, 'languages', { value: ['en-US'], configurable: true });
    document.body.innerHTML = '<div id="root"><main><button type="button">Lamp</button></main></div>';
    document.documentElement.setAttribute('data-first-view-hydrate', 'see');
    // jsdom has no navigation timing: this page was loaded by a navigation.
    Object.defineProperty(performance, 'getEntriesByType', { value: () => [{ type: 'navigate' }], configurable: true });
    globalThis.fetch = jest.fn().mockResolvedValue(response({ remotes: [], affiliation: { scriptUrl: null } }));
    await runEntry();
    await new Promise((r) => setTimeout(r, 50));
    expect(bootstrap).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerdown'));
    await waitFor(() => expect(bootstrap).toHaveBeenCalled());
    delete (performance as { getEntriesByType?: unknown }).getEntriesByType;
    document.documentElement.removeAttribute('data-first-view-hydrate');
    document.body.innerHTML = '';
  });
});
