import { whenIdle, whenPageSettled } from '../src/afterFirstView';

describe('after the first view', () => {
  it('runs on the next idle period, or a moment later where there is none', () => {
    const cb = jest.fn();
    const requestIdleCallback = jest.fn((f: () => void) => (f(), 1));
    whenIdle(cb, { requestIdleCallback } as unknown as Window);
    expect(requestIdleCallback).toHaveBeenCalledWith(cb, { timeout: 2000 });
    expect(cb).toHaveBeenCalledTimes(1);
  });

  it('waits for the load event of a page still loading', () => {
    const cb = jest.fn();
    const listeners: Record<string, () => void> = {};
    const win = { requestIdleCallback: (f: () => void) => (f(), 1), addEventListener: (type: string, f: () => void) => (listeners[type] = f) };
    whenPageSettled(cb, { readyState: 'interactive' } as Document, win as unknown as Window);
    expect(cb).not.toHaveBeenCalled();
    listeners.load();
    expect(cb).toHaveBeenCalledTimes(1);
    whenPageSettled(cb, { readyState: 'complete' } as Document, win as unknown as Window);
    expect(cb).toHaveBeenCalledTimes(2);
  });
});
