// The person's first sign of use of the page (a touch, a pointer move, a key, the focus moving in),
// for the parts of the page that only someone acting needs: they load then, not with the page.
import { useSyncExternalStore } from 'react';
import { whenVisitorActs } from '../firstView/intent';

let acted = false;
let watching: Promise<void> | null = null;
const listeners = new Set<() => void>();

function watch(): void {
  watching ??= whenVisitorActs().then(() => {
    acted = true;
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  watch();
  return () => listeners.delete(listener);
}

/** Whether the person has shown a sign of use of this page since it loaded (then stays true). */
export function useFirstUse(enabled = true): boolean {
  return useSyncExternalStore(
    enabled ? subscribe : noSubscription,
    () => acted,
    () => false,
  );
}

const noSubscription = () => () => undefined;

/** Tests: forget the sign of use seen. */
export function resetFirstUse(): void {
  acted = false;
  watching = null;
  listeners.clear();
}
