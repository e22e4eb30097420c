// The gateway's readiness (GET /health/ready): not while it drains, and not while a service it
// routes to has no instance ready (each instance's own GET /health/ready). Liveness stays GET
// /health and GET /api/health (SPEC §7), which never ask the upstreams.
import { READINESS_PATH, type ReadinessCheck } from '@wishlist/service-kit';
import type { UpstreamRoute } from './apiProxy';

/** How long one instance may take to answer its readiness probe. */
const PROBE_TIMEOUT_MS = 1_000;
/** Probes fan out to every instance: an answer is reused for this long (a balancer may probe often). */
const REUSE_MS = 1_000;

async function instanceReady(url: string): Promise<boolean> {
  try {
    const res = await fetch(new URL(READINESS_PATH, url), { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false;
  }
}

export function upstreamReadiness(routes: readonly UpstreamRoute[], now: () => number = Date.now): ReadinessCheck {
  let last: { at: number; reason: Promise<string | null> } | null = null;
  const probe = async (): Promise<string | null> => {
    const ready = await Promise.all(routes.map(async (r) => (await Promise.all(r.pool.urls.map(instanceReady))).some(Boolean)));
    const down = routes.filter((_, i) => !ready[i]).map((r) => r.service);
    return down.length ? `upstream not ready: ${down.join(', ')}` : null;
  };
  return () => {
    if (!last || now() - last.at >= REUSE_MS) last = { at: now(), reason: probe() };
    return last.reason;
  };
}
