// Loads an exposed module of a remote with a timeout, and recovers on the next attempt: a remote
// that failed or hung is re-registered (force) so the runtime forgets its cached manifest promise,
// and a shell started without /remotes.json fetches it again.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
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

/**
 * A NEW lazy component per call: React.lazy caches a rejection forever, so every Retry must
 * create another one.
 */
export function createRemoteComponent(id: RemoteModuleId): LazyExoticComponent<ComponentType<object>> {
  return lazy(() => loadRemoteComponent(id));
}
