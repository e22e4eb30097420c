import { registerServiceWorker } from './registerServiceWorker';

function fakeWindow(readyState: DocumentReadyState, serviceWorker?: Partial<ServiceWorkerContainer>) {
  const listeners: Record<string, () => void> = {};
  const win = {
    navigator: { serviceWorker },
    document: { readyState },
    addEventListener: jest.fn((type: string, fn: () => void) => (listeners[type] = fn)),
  } as unknown as Window;
  return { win, listeners };
}

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole site, bypassing the HTTP cache for updates, once the page has loaded', async () => {
    const register = jest.fn().mockResolvedValue({});
    const { win, listeners } = fakeWindow('loading', { register });
    registerServiceWorker({ enabled: true, win });
    expect(register).not.toHaveBeenCalled();
    listeners.load();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  it('registers at once when the page has already loaded, and only warns when it fails', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const register = jest.fn().mockRejectedValue(new Error('insecure'));
    const { win } = fakeWindow('complete', { register });
    registerServiceWorker({ enabled: true, win });
    expect(register).toHaveBeenCalledTimes(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('does nothing where service workers are unsupported', () => {
    const { win } = fakeWindow('complete', undefined);
    expect(() => registerServiceWorker({ enabled: true, win })).not.toThrow();
  });

  it('outside production builds, unregisters a worker left over instead of registering', async () => {
    const unregister = jest.fn().mockResolvedValue(true);
    const register = jest.fn();
    const getRegistrations = jest.fn().mockResolvedValue([{ unregister }]);
    const { win } = fakeWindow('complete', { register, getRegistrations });
    registerServiceWorker({ enabled: false, win });
    await new Promise((r) => setTimeout(r, 0));
    expect(register).not.toHaveBeenCalled();
    expect(unregister).toHaveBeenCalled();
  });
});
