// Loads an exposed module of a remote with a timeout, and recovers on the next attempt: a remote
// that failed or hung is re-registered (force) so the runtime forgets its cached manifest promise,
// and a shell started without /remotes.json fetches it again.
import { lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { knownRemote, loadRuntimeConfig, registerRuntimeRemotes } from './runtimeConfig';

/** A remote that accepts the connection but never answers would hang forever (TOOLCHAIN.md). */
export const REMOTE_LOAD_TIMEOUT_MS = 5000;

export type RemoteModuleId = `${string}/${string}`;

export class RemoteLoadError extends Error {
  constructor(
    readonly moduleId: string,
    readonly reason: 'timeout' | 'unavailable' | 'invalid',
    override readonly cause?: unknown,
  ) {
    super(`Remote module ${moduleId} could not be loaded (${reason})`);
    this.name = 'RemoteLoadError';
  }
}

const failedRemotes = new Set<string>();

function remoteName(id: string): string {
  return id.split('/')[0];
}

async function prepare(name: string): Promise<void> {
  if (!knownRemote(name)) {
    await loadRuntimeConfig();
    failedRemotes.delete(name);
    return;
  }
  if (failedRemotes.has(name)) {
    failedRemotes.delete(name);
    try {
      registerRuntimeRemotes([knownRemote(name)!], true);
    } catch {
      /* the load below reports the failure */
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, id: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteLoadError(id, 'timeout')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof RemoteLoadError ? e : new RemoteLoadError(id, 'unavailable', e));
      },
    );
  });
}

export async function loadRemoteModule<T = unknown>(id: RemoteModuleId, timeoutMs = REMOTE_LOAD_TIMEOUT_MS): Promise<T> {
  const name = remoteName(id);
  try {
    const mod = await withTimeout(
      (async () => {
        await prepare(name);
        return loadRemote<T>(id);
      })(),
      timeoutMs,
      id,
    );
    if (mod === null || mod === undefined) throw new RemoteLoadError(id, 'unavailable');
    return mod;
  } catch (e) {
    failedRemotes.add(name);
    throw e;
  }
}

function isComponent(value: unknown): value is ComponentType<object> {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

/** Loads a remote module whose default export is a React component. */
export async function loadRemoteComponent(id: RemoteModuleId, timeoutMs?: number): Promise<{ default: ComponentType<object> }> {
  const mod = await loadRemoteModule<{ default?: unknown } | ComponentType<object>>(id, timeoutMs);
  const component = isComponent(mod) ? mod : (mod as { default?: unknown }).default;
  if (!isComponent(component)) {
    failedRemotes.add(remoteName(id));
    throw new RemoteLoadError(id, 'invalid');
  }
  return { default: component };
}

interface CurrentComponent {
  component: LazyExoticComponent<ComponentType<object>>;
  failed: boolean;
}
const current = new Map<RemoteModuleId, CurrentComponent>();

/**
 * The lazy component of `id`, the SAME one for every render until forgotten. A render React
 * throws away before committing it (a transition's, which the first render is: bootstrap.tsx)
 * must not start a second load of the remote: after a failure, that second load re-registered the
 * remote and ran it anyway, so a remote the federation runtime had refused (another major of a
 * shared singleton) crashed on a missing module instead of showing the error panel.
 */
export function remoteComponent(id: RemoteModuleId): LazyExoticComponent<ComponentType<object>> {
  const known = current.get(id);
  if (known) return known.component;
  const entry: CurrentComponent = {
    failed: false,
    component: lazy(() =>
      loadRemoteComponent(id).catch((e: unknown) => {
        entry.failed = true;
        throw e;
      }),
    ),
  };
  current.set(id, entry);
  return entry.component;
}

/**
 * remoteComponent(module) for a component that shows it: the same one on every render (a Map
 * lookup, nothing to memoise), and forgotten if it had failed when the component goes away, so
 * that opening the page again loads the remote anew.
 */
export function useRemoteComponent(module: RemoteModuleId): LazyExoticComponent<ComponentType<object>> {
  useEffect(() => () => forgetFailedRemoteComponent(module), [module]);
  return remoteComponent(module);
}

/** The next remoteComponent(id) loads anew (Retry). */
export function forgetRemoteComponent(id: RemoteModuleId): void {
  current.delete(id);
}

/** The next remoteComponent(id) loads anew if this one failed (a page left on its error panel). */
export function forgetFailedRemoteComponent(id: RemoteModuleId): void {
  if (current.get(id)?.failed) current.delete(id);
}

/** Forgets every remote component (tests: each starts with no remote loaded). */
export function forgetRemoteComponents(): void {
  current.clear();
}
