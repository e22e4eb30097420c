import { startTransition, useEffect, useState } from 'react';

/**
 * `ready`, one render late: false on the render that first sees it, true from a transition started
 * once that render is on screen, which React draws in slices of a few milliseconds (a long list's
 * cards) instead of one long task.
 *
 * Not `useDeferredValue(ready, false)`: its initial value spawns a deferred render at every mount,
 * and a page mounted inside a Suspense boundary that still shows its fallback (a remote page whose
 * data is on its way) is mounted again by each such render, which spawns the next one: React would
 * render the page hundreds of times in a row for as long as the data takes. An effect runs only
 * once the page is committed.
 */
export function useRevealAfterCommit(ready: boolean): boolean {
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    if (ready) startTransition(() => setRevealed(true));
  }, [ready]);
  return ready && revealed;
}
