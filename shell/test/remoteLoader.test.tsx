import { act, fireEvent, screen } from '@testing-library/react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { initI18n, setLanguage } from '@wishlist/i18n';
import { forgetRemotes, registerRuntimeRemotes } from '../src/federation/runtimeConfig';
import {
  REMOTE_LOAD_TIMEOUT_MS,
  RemoteLoadError,
  forgetFailedRemoteComponent,
  forgetRemoteComponent,
  forgetRemoteComponents,
  loadRemoteComponent,
  loadRemoteModule,
  remoteComponent,
} from '../src/federation/remoteLoader';
import { fakeRemote, renderApp } from './helpers';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));
const mockedLoad = loadRemote as jest.MockedFunction<typeof loadRemote>;
const mockedRegister = registerRemotes as jest.MockedFunction<typeof registerRemotes>;
const never = () => new Promise<never>(() => {});

beforeAll(() => initI18n('en'));
beforeEach(async () => {
  jest.useFakeTimers();
  mockedLoad.mockReset();
  mockedRegister.mockReset();
  forgetRemotes();
  registerRuntimeRemotes([{ name: 'remote_content', entry: '/remotes/content/mf-manifest.json' }]);
  mockedRegister.mockClear();
  await setLanguage('en');
});
afterEach(() => jest.useRealTimers());

const flush = (ms = 0) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });

describe('loadRemoteModule', () => {
  it('rejects with a timeout when the remote never answers', async () => {
    mockedLoad.mockImplementation(never);
    const p = loadRemoteModule('remote_content/HomePage').catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(REMOTE_LOAD_TIMEOUT_MS);
    const e = await p;
    expect(e).toBeInstanceOf(RemoteLoadError);
    expect(e).toMatchObject({ reason: 'timeout', moduleId: 'remote_content/HomePage' });
  });

  it('re-registers a failed remote (force) before the next attempt', async () => {
    mockedLoad.mockRejectedValueOnce(new Error('manifest 502'));
    await expect(loadRemoteModule('remote_content/HomePage')).rejects.toMatchObject({ reason: 'unavailable' });
    mockedLoad.mockResolvedValueOnce(fakeRemote('x'));
    await expect(loadRemoteModule('remote_content/HomePage')).resolves.toBeTruthy();
    expect(mockedRegister).toHaveBeenCalledWith([{ name: 'remote_content', entry: '/remotes/content/mf-manifest.json' }], { force: true });
  });

  it('fetches /remotes.json again when the shell started without it', async () => {
    forgetRemotes();
    const fetchMock = jest.fn().mockResolvedValue({
      ok: true,
      json: async () => ({ remotes: [{ name: 'remote_content', entry: '/remotes/content/mf-manifest.json' }] }),
    });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    mockedLoad.mockResolvedValueOnce(fakeRemote('x'));
    await loadRemoteModule('remote_content/HomePage');
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', expect.anything());
    expect(mockedRegister).toHaveBeenCalled();
  });

  it('rejects a module without a component', async () => {
    mockedLoad.mockResolvedValueOnce({ default: 42 });
    await expect(loadRemoteComponent('remote_content/HomePage')).rejects.toMatchObject({ reason: 'invalid' });
    mockedLoad.mockResolvedValueOnce(null);
    await expect(loadRemoteModule('remote_content/HomePage')).rejects.toMatchObject({ reason: 'unavailable' });
  });
});

describe('remoteComponent', () => {
  beforeEach(() => forgetRemoteComponents());
  // React.lazy starts its load on first render: render it to see whether the remote is asked for.
  const renderLazy = async (C: ReturnType<typeof remoteComponent>) => {
    const { render } = await import('@testing-library/react');
    const { Suspense } = await import('react');
    const { ErrorBoundaryForTest } = await import('./helpers');
    render(
      <ErrorBoundaryForTest>
        <Suspense fallback={null}>
          <C />
        </Suspense>
      </ErrorBoundaryForTest>,
    );
    await flush(10);
  };

  it('is the same component for every render until forgotten: a render React throws away never loads the remote twice', async () => {
    mockedLoad.mockRejectedValue(new Error('refused: another major of a shared singleton'));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const first = remoteComponent('remote_content/HomePage');
    expect(remoteComponent('remote_content/HomePage')).toBe(first);
    await renderLazy(first);
    expect(mockedLoad).toHaveBeenCalledTimes(1);
    // The failed one stays until the page that showed it is left, or Retry forgets it.
    expect(remoteComponent('remote_content/HomePage')).toBe(first);
    forgetFailedRemoteComponent('remote_content/HomePage');
    expect(remoteComponent('remote_content/HomePage')).not.toBe(first);
    jest.restoreAllMocks();
  });

  it('keeps a component that loaded when its page is left, and Retry always gets a new one', async () => {
    mockedLoad.mockImplementation(async (id: string) => fakeRemote(id) as never);
    const ok = remoteComponent('remote_content/HomePage');
    await renderLazy(ok);
    forgetFailedRemoteComponent('remote_content/HomePage');
    expect(remoteComponent('remote_content/HomePage')).toBe(ok);
    forgetRemoteComponent('remote_content/HomePage');
    expect(remoteComponent('remote_content/HomePage')).not.toBe(ok);
  });
});

describe('a remote page that fails', () => {
  // React and the boundary report the caught failure on the console: expected here.
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('times out into a localized error panel, keeps the layout, and Retry recovers without reload', async () => {
    mockedLoad.mockImplementation(never);
    renderApp('/en/privacy-policy');
    await flush(REMOTE_LOAD_TIMEOUT_MS + 10);
    expect(screen.getByRole('alert')).toHaveTextContent('This part of the page could not be loaded');
    // Header and footer still work.
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How to add a product' })).toBeInTheDocument();

    // The remote is back.
    mockedLoad.mockImplementation(async (id: string) => fakeRemote(id) as never);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await flush(50);
    await flush(400);
    expect(screen.getByText('page:remote_content/PrivacyPolicyPage')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(mockedRegister).toHaveBeenCalledWith(expect.any(Array), { force: true });
  });

  it('shows the panel in French on a French page and other routes keep working', async () => {
    mockedLoad.mockImplementation(async (id: string) => {
      if (id === 'remote_content/HowToAddProductPage') throw new Error('boom');
      return fakeRemote(id) as never;
    });
    renderApp('/fr/comment-ajouter-un-produit');
    await flush(50);
    await flush(400);
    expect(screen.getByRole('alert')).toHaveTextContent('Cette partie de la page n’a pas pu être chargée');
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Politique de confidentialité' }));
    await flush(50);
    await flush(400);
    expect(screen.getByText('page:remote_content/PrivacyPolicyPage')).toBeInTheDocument();
  });
});

describe('remoteResiliencePlugin', () => {
  it('fetches manifests with no-store and aborts them after the timeout', async () => {
    const { remoteResiliencePlugin } = await import('../src/federation/resiliencePlugin');
    let signal: AbortSignal | undefined;
    globalThis.fetch = jest.fn((_url: string, init: RequestInit) => {
      signal = init.signal ?? undefined;
      expect(init.cache).toBe('no-store');
      return new Promise<Response>(() => {});
    }) as unknown as typeof fetch;
    const plugin = remoteResiliencePlugin(1000) as { fetch: (u: string, i: RequestInit) => Promise<Response> };
    void plugin.fetch('/remotes/content/mf-manifest.json', {});
    await jest.advanceTimersByTimeAsync(999);
    expect(signal?.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
  });
});
