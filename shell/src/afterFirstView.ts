// What the first view does not need waits until the page is there and the main thread is
// idle, so it neither delays the page nor blocks the first taps: the affiliate script (the header
// widgets of remotes wait for the first route: RemotePage.tsx).

/** The longest an idle callback waits on a busy page before running anyway. */
export const IDLE_TIMEOUT_MS = 2000;

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number };

/** Runs `cb` when the main thread is next idle (at most IDLE_TIMEOUT_MS later). */
export function whenIdle(cb: () => void, win: IdleWindow = window): () => void {
  if (typeof win.requestIdleCallback === 'function') {
    const id = win.requestIdleCallback(cb, { timeout: IDLE_TIMEOUT_MS });
    return () => (win as Window & { cancelIdleCallback?: (id: number) => void }).cancelIdleCallback?.(id);
  }
  const timer = win.setTimeout(cb, 1);
  return () => win.clearTimeout(timer);
}

/** Runs `cb` once the page has loaded (its scripts and pictures): at once if it already has. */
export function whenLoaded(cb: () => void, doc: Document = document, win: Window = window): void {
  if (doc.readyState === 'complete') cb();
  else win.addEventListener('load', cb, { once: true });
}

/** Runs `cb` once the page has loaded (its scripts and pictures) and the main thread is idle. */
export function whenPageSettled(cb: () => void, doc: Document = document, win: IdleWindow = window): void {
  whenLoaded(() => whenIdle(cb, win), doc, win);
}

type SchedulerWindow = Window & { scheduler?: { yield?: () => Promise<void> } };

/**
 * Lets the browser run what is waiting (input, paint) before the caller goes on: the next part of
 * the work becomes a task of its own, so start-up is several short tasks instead of one long one
 * that blocks the first taps (Total Blocking Time). `scheduler.yield()` where the
 * browser has it (the continuation runs before other queued tasks), else a zero-delay timer.
 */
export function yieldToMain(win: SchedulerWindow = window): Promise<void> {
  const scheduler = win.scheduler;
  if (scheduler && typeof scheduler.yield === 'function') return scheduler.yield.call(scheduler);
  return new Promise((resolve) => win.setTimeout(resolve, 0));
}
