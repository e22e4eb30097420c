// The gateway's readiness (GET /health/ready): not while it drains, not while a service it routes
// to has no instance ready (each instance's own GET /health/ready), and not while the services
// refuse what it signs: a gateway whose IDENTITY_SECRET differs from theirs would answer every
// signed-in call 401 (the identity check, shared/service-kit/src/identityCheck.ts). Liveness stays
// GET /health and GET /api/health (SPEC §7), which never ask the upstreams.
import { checkIdentity, READINESS_PATH, type IdentityVerdict, type Logger, type ReadinessCheck, type SecretInput } from '@wishlist/service-kit';
import type { UpstreamRoute } from './apiProxy';

/** How long one instance may take to answer its readiness probe or the identity check. */
const PROBE_TIMEOUT_MS = 1_000;
/** Probes fan out to every instance: an answer is reused for this long (a balancer may probe often). */
const REUSE_MS = 1_000;

/**
 * How long an instance that answered ready keeps counting as ready while its probes go unanswered
 * in time. A busy machine answers late; every gateway probing the same late copies would go out of
 * its balancer together, turning slowness into an outage. A refusal (connection refused, 503) counts
 * at once.
 */
const LATE_GRACE_MS = 10_000;

type Probe = 'ready' | 'not-ready' | 'late';

async function probeInstance(url: string): Promise<Probe> {
  try {
    const res = await fetch(new URL(READINESS_PATH, url), { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await res.body?.cancel();
    return res.status === 200 ? 'ready' : 'not-ready';
  } catch (err) {
    return (err as Error).name === 'TimeoutError' ? 'late' : 'not-ready';
  }
}

export const identityReason = (service: string) => `identity secret differs from the ${service} service`;

export interface ReadinessOptions {
  now?: () => number;
  /** The key the gateway signs with (default: IDENTITY_SECRET, as the proxy signs). */
  secret?: SecretInput;
  /** Where a change of an instance's identity verdict is told (once per change, never per probe). */
  logger?: Pick<Logger, 'warn' | 'info'>;
}

/**
 * A service counts as served when at least one of its instances is ready and accepts the
 * gateway's key (or cannot say: a version without the check). Every instance ready but refusing
 * the key makes the gateway not ready, naming the service; one refusing copy among good ones
 * leaves it ready (another gateway with the same key would fare no better; that copy is what to
 * fix) and is logged, naming the instance.
 */
export function upstreamReadiness(routes: readonly UpstreamRoute[], options: ReadinessOptions = {}): ReadinessCheck {
  const now = options.now ?? Date.now;
  const told = new Map<string, IdentityVerdict>();
  const tell = (service: string, url: string, verdict: IdentityVerdict) => {
    const before = told.get(url);
    told.set(url, verdict);
    if (verdict === before || verdict === 'unknown') return;
    if (verdict === 'differs') options.logger?.warn({ service, instance: url }, `${identityReason(service)} at ${url}: its signed-in calls would be refused (401)`);
    else if (before === 'differs') options.logger?.info({ service, instance: url }, `the ${service} service at ${url} accepts the gateway's identity secret again`);
  };
  const lastReady = new Map<string, number>();
  const instanceReady = async (url: string): Promise<boolean> => {
    const probe = await probeInstance(url);
    if (probe === 'ready') lastReady.set(url, now());
    else if (probe === 'not-ready') lastReady.delete(url);
    const at = lastReady.get(url);
    return at !== undefined && now() - at <= LATE_GRACE_MS;
  };
  let last: { at: number; reasons: Promise<string[]> } | null = null;
  const probe = async (): Promise<string[]> => {
    const states = await Promise.all(
      routes.map((r) =>
        Promise.all(
          r.pool.urls.map(async (url) => {
            const [ready, identity] = await Promise.all([instanceReady(url), checkIdentity(url, { secret: options.secret, timeoutMs: PROBE_TIMEOUT_MS })]);
            tell(r.service, url, identity);
            return { ready, identity };
          }),
        ),
      ),
    );
    const down = routes.filter((_, i) => !states[i].some((s) => s.ready)).map((r) => r.service);
    const refused = routes.filter((_, i) => {
      const ready = states[i].filter((s) => s.ready);
      return ready.length > 0 && ready.every((s) => s.identity === 'differs');
    });
    return [...(down.length ? [`upstream not ready: ${down.join(', ')}`] : []), ...refused.map((r) => identityReason(r.service))];
  };
  return () => {
    if (!last || now() - last.at >= REUSE_MS) last = { at: now(), reasons: probe() };
    return last.reasons;
  };
}
