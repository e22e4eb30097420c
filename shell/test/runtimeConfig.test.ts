import { describeRemotes, forgetRemotes, INLINE_CONFIG_ID, loadRuntimeConfig } from '../src/federation/runtimeConfig';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), registerPlugins: jest.fn(), preloadRemote: jest.fn() }));

afterEach(() => {
  forgetRemotes();
  document.getElementById(INLINE_CONFIG_ID)?.remove();
  jest.restoreAllMocks();
});

function inline(config: unknown): void {
  const script = document.createElement('script');
  script.id = INLINE_CONFIG_ID;
  script.type = 'application/json';
  script.textContent = JSON.stringify(config);
  document.head.append(script);
}

describe('the remotes a page runs', () => {
  it('keeps each remote’s version and preview mark from the runtime config, and ignores malformed ones', async () => {
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
    inline({
      remotes: [
        { name: 'remote_lists', entry: '/remotes/lists/mf-manifest.json?release=0.2.0%2Bdeadbeef', version: '0.2.0+deadbeef', preview: true },
        { name: 'remote_content', entry: '/remotes/content/mf-manifest.json', version: '0.1.0+1a2b3c4d' },
        { name: 'remote_auth', entry: '/remotes/auth/mf-manifest.json', version: 7, preview: 'yes' },
      ],
      affiliation: { scriptUrl: null },
    });
    const config = await loadRuntimeConfig(() => Promise.reject(new Error('not fetched')));
    expect(config?.remotes).toEqual([
      { name: 'remote_lists', entry: '/remotes/lists/mf-manifest.json?release=0.2.0%2Bdeadbeef', version: '0.2.0+deadbeef', preview: true },
      { name: 'remote_content', entry: '/remotes/content/mf-manifest.json', version: '0.1.0+1a2b3c4d' },
      { name: 'remote_auth', entry: '/remotes/auth/mf-manifest.json' },
    ]);
  });

  it('logs one line naming the release of each remote, a previewed one marked', async () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    inline({
      remotes: [
        { name: 'remote_lists', entry: '/remotes/lists/mf-manifest.json', version: '0.2.0+deadbeef', preview: true },
        { name: 'remote_content', entry: '/remotes/content/mf-manifest.json', version: '0.1.0+1a2b3c4d' },
      ],
    });
    await loadRuntimeConfig();
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith('[wishlist] remotes: remote_lists 0.2.0+deadbeef (preview), remote_content 0.1.0+1a2b3c4d');
  });

  it('says so when a remote has no version (dev servers) or there is none', () => {
    expect(describeRemotes([{ name: 'remote_auth', entry: 'http://localhost:3002/mf-manifest.json' }])).toBe('[wishlist] remotes: remote_auth (no version)');
    expect(describeRemotes([])).toBe('[wishlist] remotes: none');
  });
});
