import type { SignedInDevice } from '@wishlist/contracts';
import { HttpError } from '@wishlist/service-kit';
import { ensureDeviceId, revokeDeviceOf, signedInTokensOf } from '../data/tokens';
import { DEVICE_ID_PATTERN, newDeviceId } from './device';
import { hashSecret, SECRET_PATTERN } from './secrets';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Devices listed at most: far more than anyone uses; keeps the answer bounded. */
export const MAX_DEVICES_LISTED = 100;

function unknownDevice(): HttpError {
  return HttpError.notFound('No such signed-in device on your account.', 'unknown_device');
}

/**
 * The account page's devices: the person's live bearers (validated, unrevoked, unexpired), and
 * ending one of them. Only ever the caller's own tokens: the user comes from the gateway's
 * identity assertion, and every query is filtered by it.
 */
export function createDeviceService(deps: { bearerMaxLifetimeDays: number; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const maxMs = deps.bearerMaxLifetimeDays * DAY_MS;
  return {
    /** `bearer`: the one the request came with (marks `current`); ignored when missing or foreign. */
    async list(userId: string, bearer: string | undefined): Promise<SignedInDevice[]> {
      const at = now();
      const currentHash = bearer && SECRET_PATTERN.test(bearer) ? hashSecret(bearer) : null;
      const tokens = (await signedInTokensOf(userId, at, MAX_DEVICES_LISTED)).filter(
        (t) => t.validatedAt && t.validatedAt.getTime() + maxMs > at.getTime(),
      );
      const devices: SignedInDevice[] = [];
      for (const t of tokens) {
        // Tokens issued before devices had a reference get one the first time they are listed.
        const id = t.deviceId ?? (await ensureDeviceId(t._id, newDeviceId()));
        if (!id) continue;
        const signedInAt = t.validatedAt!;
        devices.push({
          id,
          device: { browser: t.deviceBrowser ?? null, os: t.deviceOs ?? null },
          signedInAt: signedInAt.toISOString(),
          lastSeenAt: (t.lastSeenAt ?? signedInAt).toISOString(),
          current: currentHash !== null && t.bearerHash === currentHash,
        });
      }
      // This device first, then the most recently seen.
      return devices.sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
    },

    /** Revokes the person's device at once; 404 for an unknown reference or somebody else's. */
    async end(userId: string, deviceId: string): Promise<void> {
      if (!DEVICE_ID_PATTERN.test(deviceId)) throw unknownDevice();
      if (!(await revokeDeviceOf(userId, deviceId, now()))) throw unknownDevice();
    },
  };
}

export type DeviceService = ReturnType<typeof createDeviceService>;
