import { useEffect } from 'react';
import { hasUncheckedBearer, useSessionStore } from '@wishlist/stores';
import { refreshDefaultListId } from './defaultList';

/**
 * A stored bearer is not a session until `GET /api/product-lists` works with it (SPEC §4). On
 * start (and whenever a new bearer appears) the shell asks once, so the header shows the signed-in
 * controls without waiting for a login-required page. Pending validations simply answer 401.
 */
export function SessionBootstrap() {
  const unchecked = useSessionStore((s) => hasUncheckedBearer(s));
  const bearer = useSessionStore((s) => s.token?.bearer);
  useEffect(() => {
    if (unchecked && bearer) void refreshDefaultListId().catch(() => null);
    // Once per bearer: a 401 leaves it unchecked on purpose (pending validation).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bearer]);
  return null;
}
