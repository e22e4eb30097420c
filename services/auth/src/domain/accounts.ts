import { revokeAllOfUser } from '../data/tokens';
import { anonymizeUser, findUser } from '../data/users';
import type { ErasureWorker } from './erasures';

/**
 * DELETE /api/accounts: anonymizes the caller. The erasures are recorded first, so that whatever
 * fails afterwards, the other services are still told; then the address is erased and every
 * token revoked (a later sign-in with the same address makes a new account). Idempotent.
 */
export function createAccountService(deps: { erasures: ErasureWorker; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    async deleteAccount(userId: string): Promise<void> {
      const at = now();
      // Not an account of ours (cannot come from a bearer we issued): nothing to do.
      const user = await findUser(userId);
      if (!user) return;
      await deps.erasures.schedule(userId, user.email);
      await anonymizeUser(userId, at);
      await revokeAllOfUser(userId, at);
      await deps.erasures.runFor(userId);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
