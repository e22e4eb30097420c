import { act, renderHook } from '@testing-library/react';
import { useRevealAfterCommit } from './useRevealAfterCommit';

describe('useRevealAfterCommit', () => {
  it('stays false while not ready', () => {
    const { result } = renderHook(() => useRevealAfterCommit(false));
    expect(result.current).toBe(false);
  });

  it('is false on the render that first sees ready, and true once that render is committed', () => {
    const seen: boolean[] = [];
    const { result, rerender } = renderHook(({ ready }) => {
      const value = useRevealAfterCommit(ready);
      seen.push(value);
      return value;
    }, { initialProps: { ready: false } });
    seen.length = 0;
    act(() => rerender({ ready: true }));
    expect(seen[0]).toBe(false);
    expect(result.current).toBe(true);
  });

  it('is true from its first commit on when mounted ready, after one render without it', () => {
    const seen: boolean[] = [];
    const { result } = renderHook(() => {
      const value = useRevealAfterCommit(true);
      seen.push(value);
      return value;
    });
    expect(seen[0]).toBe(false);
    expect(result.current).toBe(true);
  });

  it('follows ready going away and coming back', () => {
    const { result, rerender } = renderHook(({ ready }) => useRevealAfterCommit(ready), { initialProps: { ready: true } });
    expect(result.current).toBe(true);
    rerender({ ready: false });
    expect(result.current).toBe(false);
    rerender({ ready: true });
    expect(result.current).toBe(true);
  });
});
