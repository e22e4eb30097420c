import { atomically, Product, type ProductDoc } from './models';

// The units offerings hold on products (offers service, through /internal/products/*). Every
// write is one conditional update that re-checks what was read (units offered, quantity, holds):
// whichever copy of the service writes second matches nothing and reads again, so two givers can
// never both take the last unit.

/** A product and how many of its units an offering wants. */
export interface ClaimLine {
  id: string;
  units: number;
}

type ClaimView = Pick<ProductDoc, 'hasBeenOffered' | 'offeredBy' | 'quantity' | 'offeredQuantity' | 'holds'>;

/** Matches the stored value, or a missing field when the value is the schema default. */
function sameAs(value: number | null | undefined, fallback: number): unknown {
  const v = value ?? fallback;
  return v === fallback ? { $in: [fallback, null] } : v;
}

function heldBy(p: ClaimView, offeringId: string): boolean {
  return (p.holds ?? []).some((h) => h.offeringId === offeringId) || (p.hasBeenOffered === true && p.offeredBy === offeringId);
}

/** Units still free to offer (0 once offered). */
export function unitsLeft(p: Pick<ProductDoc, 'hasBeenOffered' | 'quantity' | 'offeredQuantity'>): number {
  if (p.hasBeenOffered) return 0;
  return Math.max(0, (p.quantity ?? 1) - (p.offeredQuantity ?? 0));
}

const raced = () => Object.assign(new Error('claim raced'), { claimRaced: true });

/**
 * Gives `offeringId` the wanted units of every product, all or nothing. Products the same offering
 * already holds count as claimed (a retried call). Returns the ids that could not be claimed
 * (missing, offered, or fewer units left than wanted); nothing changes then.
 */
export async function claimUnits(lines: ClaimLine[], offeringId: string, unknownIds: string[] = []): Promise<{ conflicts: string[] }> {
  // A claim that lost a race after its read aborts and reads again (then sees the winner's units).
  for (let attempt = 1; ; attempt++) {
    try {
      return await claimOnce(lines, offeringId, unknownIds);
    } catch (err) {
      if (!(err as { claimRaced?: boolean }).claimRaced || attempt >= 5) throw err;
    }
  }
}

function claimOnce(lines: ClaimLine[], offeringId: string, unknownIds: string[]): Promise<{ conflicts: string[] }> {
  return atomically(async (session) => {
    const ids = lines.map((l) => l.id);
    const found = (await Product.find({ _id: { $in: ids } }, { hasBeenOffered: 1, offeredBy: 1, quantity: 1, offeredQuantity: 1, holds: 1 })
      .session(session)
      .lean()
      .exec()) as (ClaimView & { _id: unknown })[];
    const byId = new Map(found.map((p) => [String(p._id), p]));
    const conflicts = lines.filter(({ id, units }) => {
      const p = byId.get(id);
      if (!p) return true;
      return !heldBy(p, offeringId) && unitsLeft(p) < units;
    });
    const out = conflicts.map((l) => l.id).concat(unknownIds);
    if (out.length > 0) return { conflicts: out };
    // Products read alike (quantity, units offered, units wanted) are written by one update: most
    // offers are of products wished once, so that is usually a single write.
    const groups = new Map<string, { ids: string[]; quantity: number | null | undefined; offered: number | null | undefined; units: number }>();
    for (const { id, units } of lines) {
      const p = byId.get(id)!;
      if (heldBy(p, offeringId)) continue;
      const key = `${p.quantity ?? 1}|${p.offeredQuantity ?? 0}|${units}`;
      const group = groups.get(key) ?? { ids: [], quantity: p.quantity, offered: p.offeredQuantity, units };
      group.ids.push(id);
      groups.set(key, group);
    }
    for (const { ids: same, quantity: q, offered: o, units } of groups.values()) {
      const quantity = q ?? 1;
      const offered = (o ?? 0) + units;
      const unchanged: Record<string, unknown> = {
        _id: { $in: same },
        hasBeenOffered: false,
        quantity: sameAs(q, 1),
        offeredQuantity: sameAs(o, 0),
        'holds.offeringId': { $ne: offeringId },
      };
      const r = await Product.updateMany(
        unchanged,
        { $set: { quantity, offeredQuantity: offered, hasBeenOffered: offered >= quantity }, $push: { holds: { offeringId, units } } },
        { session },
      ).exec();
      // Another claim (or the owner) wrote between our read and this write: abort rather than half-claim.
      if (r.modifiedCount !== same.length) throw raced();
    }
    return { conflicts: [] };
  });
}

/**
 * Gives back the units `offeringId` holds (refused, expired or withdrawn offers): each write is
 * conditional on the hold still being there, so a repeated or concurrent release frees them once. The
 * products the owner has since marked themselves are left alone. Returns how many changed.
 */
export async function releaseUnits(ids: string[], offeringId: string): Promise<number> {
  if (ids.length === 0) return 0;
  let released = 0;
  const held = await Product.find({ _id: { $in: ids }, 'holds.offeringId': offeringId }, { holds: 1 }).lean().exec();
  // Products whose hold has the same units go back in one update.
  const byUnits = new Map<number, unknown[]>();
  for (const p of held) {
    const units = (p.holds ?? []).filter((h) => h.offeringId === offeringId).reduce((n, h) => n + h.units, 0);
    byUnits.set(units, [...(byUnits.get(units) ?? []), p._id]);
  }
  for (const [units, same] of byUnits) {
    const still: Record<string, unknown> = { _id: { $in: same }, 'holds.offeringId': offeringId };
    const r = await Product.updateMany(still, { $pull: { holds: { offeringId } }, $inc: { offeredQuantity: -units }, $set: { hasBeenOffered: false } }).exec();
    released += r.modifiedCount ?? 0;
  }
  // Products flagged whole by an offering made before quantities.
  const legacy = await Product.updateMany({ _id: { $in: ids }, offeredBy: offeringId }, { $set: { hasBeenOffered: false, offeredBy: null } }).exec();
  return released + (legacy.modifiedCount ?? 0);
}
