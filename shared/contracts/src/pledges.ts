// What a pledger's mailed link shows (GET /api/pledges/{id}): one shape for the offers service that
// answers it and the client that reads it.

/** A pledge's states as a pledger sees them (the service's passing states never leave it). */
export type PledgerState = 'unconfirmed' | 'confirmed' | 'withdrawn' | 'expired' | 'complete';

/** The pledger's own pledge, the gift's progress and the names of the others. */
export interface PledgerView {
  id: string;
  productId: string;
  state: PledgerState;
  amount: number;
  requested: number;
  name: string;
  message: string;
  product: { name: string; image: string; url: string; price: number };
  pledged: number;
  remaining: number;
  /** Names of the other confirmed pledgers (never their amounts). */
  others: string[];
  withdrawable: boolean;
  expiresAt: string;
}
