import { firstViewServedNow } from './firstView';

const loadedAs = (type?: string) =>
  ({ performance: { getEntriesByType: (kind: string) => (kind === 'navigation' && type ? [{ type }] : []) } }) as unknown as Window;

describe('firstViewServedNow', () => {
  it('trusts a page loaded by a navigation or a reload', () => {
    expect(firstViewServedNow(loadedAs('navigate'))).toBe(true);
    expect(firstViewServedNow(loadedAs('reload'))).toBe(true);
  });

  it('not a return through the history, nor a page that cannot tell', () => {
    expect(firstViewServedNow(loadedAs('back_forward'))).toBe(false);
    expect(firstViewServedNow(loadedAs('prerender'))).toBe(false);
    expect(firstViewServedNow(loadedAs())).toBe(false);
    expect(firstViewServedNow({} as Window)).toBe(false);
    expect(firstViewServedNow(undefined)).toBe(false);
  });
});
