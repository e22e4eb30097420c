// The person's first sign of use of the page (a touch, a pointer move, a key, the focus moving in),
// watched from the entry's start (firstView/intent.ts), for the parts of the page that only someone
// acting needs: they load then, not with the page.
import { useSyncExternalStore } from 'react';
import { hasFirstUse, onFirstUse, watchFirstUse } from '../firstView/intent';

function subscribe(listener: () => void): () => void {
  // Watched by the entry already; here too for a shell started without it (tests, a remote's own
  // development page).
  void watchFirstUse();
  return onFirstUse(listener);
}

const noSubscription = () => () => undefined;

/** Whether the person has shown a sign of use of this page since it loaded (then stays true). */
export function useFirstUse(enabled = true): boolean {
  return useSyncExternalStore(enabled ? subscribe : noSubscription, hasFirstUse, () => false);
}
