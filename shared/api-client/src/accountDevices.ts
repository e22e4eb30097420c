// The account page's signed-in devices (docs/api.md, "Auth service: devices and bearer lifetime").
import type { SignedInDevice } from '@wishlist/contracts';
import { request } from './http';

const isDevice = (d: unknown): d is SignedInDevice => {
  if (!d || typeof d !== 'object') return false;
  const v = d as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.signedInAt === 'string' && typeof v.lastSeenAt === 'string' && typeof v.current === 'boolean';
};

/** `GET /api/accounts/devices`: the devices the person is signed in on (this one first). */
export async function getSignedInDevices(): Promise<SignedInDevice[]> {
  const { data } = await request<{ data?: unknown }>('GET', '/api/accounts/devices');
  const list = Array.isArray(data?.data) ? data.data : [];
  return list.filter(isDevice).map((d) => ({
    ...d,
    device: {
      browser: typeof d.device?.browser === 'string' ? d.device.browser : null,
      os: typeof d.device?.os === 'string' ? d.device.os : null,
    },
  }));
}

/** `DELETE /api/accounts/devices/{id}`: that device is signed out at once. */
export async function endSignedInDevice(id: string): Promise<void> {
  await request('DELETE', `/api/accounts/devices/${encodeURIComponent(id)}`);
}
