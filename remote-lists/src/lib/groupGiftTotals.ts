// What the cards of group gifts show: how much is pledged of the price. The cards of one list ask
// at once, so their ids are gathered for a tick and asked in one call; an answer is kept briefly.
import { useEffect, useState } from 'react';
import { getGroupGiftTotals, type GroupGiftTotal } from '@wishlist/api-client';

const KEEP_MS = 30_000;
const cache = new Map<string, { at: number; total: Promise<GroupGiftTotal | null> }>();
let waiting: { ids: string[]; settle: Map<string, (t: GroupGiftTotal | null) => void> } | null = null;

function ask(productId: string): Promise<GroupGiftTotal | null> {
  const kept = cache.get(productId);
  if (kept && Date.now() - kept.at < KEEP_MS) return kept.total;
  const total = new Promise<GroupGiftTotal | null>((resolve) => {
    if (!waiting) {
      const batch = { ids: [] as string[], settle: new Map<string, (t: GroupGiftTotal | null) => void>() };
      waiting = batch;
      setTimeout(() => {
        waiting = null;
        getGroupGiftTotals(batch.ids).then(
          (totals) => {
            const byId = new Map(totals.map((t) => [t.productId, t]));
            for (const [id, settle] of batch.settle) settle(byId.get(id) ?? null);
          },
          () => {
            for (const [id, settle] of batch.settle) {
              cache.delete(id);
              settle(null);
            }
          },
        );
      }, 0);
    }
    waiting.ids.push(productId);
    waiting.settle.set(productId, resolve);
  });
  cache.set(productId, { at: Date.now(), total });
  return total;
}

/** The pledged total of a group gift (null while unknown, or without amounts for its owner). */
export function useGroupGiftTotal(productId: string | undefined, enabled: boolean): GroupGiftTotal | null {
  const [total, setTotal] = useState<GroupGiftTotal | null>(null);
  useEffect(() => {
    if (!enabled || !productId) return;
    let live = true;
    void ask(productId).then((t) => {
      if (live) setTotal(t);
    });
    return () => {
      live = false;
    };
  }, [productId, enabled]);
  return total;
}

/** For tests: forget every kept answer. */
export function clearGroupGiftTotals(): void {
  cache.clear();
}
