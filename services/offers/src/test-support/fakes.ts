import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { requireService, type Mail, type Mailer } from '@wishlist/service-kit';
import type { SurpriseFacts } from '@wishlist/contracts';

export interface FakeProduct {
  id: string;
  name: string;
  image: string;
  price: number | null;
  url: string;
  websiteName: string;
  productListId: string;
  ownerId: string;
  listName: string;
  /** The offering holding the offered flag (null: not offered). */
  heldBy: string | null;
  /** On a list its owner archived: claims are refused with `list_archived`. */
  archived?: boolean;
  /** Set for a product of several units: the units each offering holds (then `heldBy` is unused). */
  quantity?: number;
  holds?: Record<string, number>;
  /** Pledged for in parts (offers' `/api/pledges`). */
  groupGift?: boolean;
  /** The surprise facts of the product's list (absent: a list that keeps no surprise). */
  listSurprise?: SurpriseFacts;
}

const offeredUnits = (p: FakeProduct) => Object.values(p.holds ?? {}).reduce((n, u) => n + u, 0);
const unitsLeft = (p: FakeProduct) => (p.quantity === undefined ? (p.heldBy === null ? 1 : 0) : p.quantity - offeredUnits(p));

type Route = 'lookup' | 'claim' | 'release';

/**
 * A stand-in for the lists service's internal product API, with an atomic claim (all or
 * nothing, checked and set in one synchronous step, as lists does with one database update).
 * `fail` makes a route answer a status, or drop the connection ('drop'), for the products of
 * one owner (or for every call).
 */
export function fakeLists() {
  const products = new Map<string, FakeProduct>();
  const calls: { route: Route; body: { ids: string[]; offeringId?: string }; caller: string | undefined }[] = [];
  const control = {
    fail: [] as { route: Route; ownerId?: string; status: number | 'drop' }[],
    claimDelayMs: 0,
  };
  let counter = 0;
  /** The occasion of each list (`/internal/lists/occasions`): its name and date. */
  const occasions = new Map<string, { name: string; eventDate: string | null }>();
  const app = express();
  app.use(express.json());
  const failure = (route: Route, ids: string[]) =>
    control.fail.find((f) => f.route === route && (!f.ownerId || ids.some((id) => products.get(id)?.ownerId === f.ownerId)));
  const guard = (route: Route): express.RequestHandler => (req, res, next) => {
    calls.push({ route, body: req.body, caller: req.callerService });
    const f = failure(route, (req.body?.ids ?? []) as string[]);
    if (!f) return next();
    if (f.status === 'drop') {
      req.socket.destroy();
      return;
    }
    res.status(f.status).json({ error: { code: 'fake', message: 'fake failure' } });
  };

  app.post('/internal/products/lookup', requireService(['offers']), guard('lookup'), (req, res) => {
    const ids = req.body.ids as string[];
    res.json({
      data: ids.flatMap((id) => {
        const p = products.get(id);
        if (!p) return [];
        const { heldBy, archived: _archived, holds: _holds, ...rest } = p;
        if (p.quantity === undefined) return [{ ...rest, hasBeenOffered: heldBy !== null }];
        return [{ ...rest, hasBeenOffered: unitsLeft(p) === 0, offeredQuantity: offeredUnits(p) }];
      }),
    });
  });
  app.post('/internal/products/claim', requireService(['offers']), guard('claim'), async (req, res) => {
    if (control.claimDelayMs) await new Promise((r) => setTimeout(r, control.claimDelayMs));
    const { ids, offeringId, quantities = {} } = req.body as { ids: string[]; offeringId: string; quantities?: Record<string, number> };
    const archived = ids.filter((id) => products.get(id)?.archived);
    if (archived.length > 0) {
      res.status(409).json({ error: { code: 'list_archived', message: 'archived' }, conflicts: archived });
      return;
    }
    const conflicts = ids.filter((id) => !products.has(id) || unitsLeft(products.get(id)!) < (quantities[id] ?? 1));
    if (conflicts.length > 0) {
      res.status(409).json({ error: { code: 'already_offered', message: 'offered' }, conflicts });
      return;
    }
    for (const id of ids) {
      const p = products.get(id)!;
      if (p.quantity === undefined) p.heldBy = offeringId;
      else p.holds = { ...p.holds, [offeringId]: quantities[id] ?? 1 };
    }
    res.json({ data: { claimed: ids } });
  });
  // Who keeps a list: set by a test (`keepers`); a list with none set is its products' owner's alone.
  const keepers = new Map<string, { ownerId: string; managerIds: string[]; recipient: 'me' | 'someone-else' | 'us' }>();
  app.get('/internal/product-lists/:id/keepers', requireService(['offers']), (req, res) => {
    const listId = String(req.params.id);
    const owner = [...products.values()].find((p) => p.productListId === listId)?.ownerId;
    const kept = keepers.get(listId) ?? (owner ? { ownerId: owner, managerIds: [], recipient: 'me' as const } : undefined);
    if (!kept) {
      res.status(404).json({ error: { code: 'list_not_found', message: 'No such list.' } });
      return;
    }
    res.json({ data: { listId, ...kept } });
  });
  app.post('/internal/products/release', requireService(['offers']), guard('release'), (req, res) => {
    const { ids, offeringId } = req.body as { ids: string[]; offeringId: string };
    for (const id of ids) {
      const p = products.get(id);
      if (p && p.heldBy === offeringId) p.heldBy = null;
      if (p?.holds?.[offeringId] !== undefined) {
        const { [offeringId]: _gone, ...rest } = p.holds;
        p.holds = rest;
      }
    }
    res.json({ data: { released: true } });
  });

  app.post('/internal/lists/occasions', requireService(['offers']), (req, res) => {
    const ids = req.body.ids as string[];
    res.json({ data: ids.flatMap((id) => (occasions.has(id) ? [{ id, ...occasions.get(id)! }] : [])) });
  });

  // As lists pages them: in id order after `after`, a page of 500.
  app.post('/internal/lists/occasions/upcoming', requireService(['offers']), (req, res) => {
    const { from, to, after } = req.body as { from: string; to: string; after?: string };
    const all = [...occasions.entries()]
      .filter(([id, o]) => o.eventDate !== null && o.eventDate >= from && o.eventDate <= to && (!after || id > after))
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([id, o]) => ({ id, ...o }));
    const data = all.slice(0, 500);
    res.json({ data, next: all.length > 500 ? data[data.length - 1].id : null });
  });

  let server: Server | undefined;
  return {
    products,
    occasions,
    calls,
    control,
    keepers,
    /** Adds a product of `ownerId` and returns its id. */
    add(ownerId: string, fields: Partial<FakeProduct> = {}): string {
      counter += 1;
      const id = fields.id ?? `${'0'.repeat(20)}${String(counter).padStart(4, '0')}`;
      products.set(id, {
        id,
        name: `Product ${counter}`,
        image: `https://shop.example/p${counter}.jpg`,
        price: 1000 + counter,
        url: `https://www.shop.example/p${counter}`,
        websiteName: 'shop.example',
        productListId: `list-of-${ownerId}`,
        ownerId,
        listName: `List of ${ownerId}`,
        heldBy: null,
        ...fields,
      });
      return id;
    },
    heldBy: (id: string) => products.get(id)?.heldBy ?? null,
    held: () => [...products.values()].filter((p) => p.heldBy !== null).map((p) => p.id),
    /** Where it listens (once started). */
    url: () => `http://127.0.0.1:${(server!.address() as AddressInfo).port}`,
    async start(): Promise<number> {
      return new Promise((resolve) => {
        server = app.listen(0, '127.0.0.1', () => resolve((server!.address() as AddressInfo).port));
      });
    },
    async stop(): Promise<void> {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server?.closeAllConnections();
    },
  };
}

/** A stand-in for auth's `GET /internal/users/{id}`. */
export function fakeUsers() {
  const users = new Map<string, { email: string; lang: 'en' | 'fr' }>();
  const control = { status: 0 };
  const app = express();
  app.get('/internal/users/:userId', requireService(['offers']), (req, res) => {
    if (control.status) {
      res.status(control.status).json({ error: { code: 'fake', message: 'fake failure' } });
      return;
    }
    const user = users.get(String(req.params.userId));
    if (!user) {
      res.status(404).json({ error: { code: 'unknown_user', message: 'No such user.' } });
      return;
    }
    res.json({ data: user });
  });
  let server: Server | undefined;
  return {
    users,
    control,
    async start(): Promise<number> {
      return new Promise((resolve) => {
        server = app.listen(0, '127.0.0.1', () => resolve((server!.address() as AddressInfo).port));
      });
    },
    async stop(): Promise<void> {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server?.closeAllConnections();
    },
  };
}

/** A mailer that keeps what it is given; `failing` makes every send throw. */
export function capturingMailer(): Mailer & { sent: Mail[]; failing: boolean; to(address: string): Mail[] } {
  const m = {
    mode: 'outbox' as const,
    sent: [] as Mail[],
    failing: false,
    async send(mail: Mail) {
      if (m.failing) throw new Error('SMTP down');
      m.sent.push(mail);
    },
    close: () => undefined,
    to: (address: string) => m.sent.filter((mail) => mail.to === address),
  };
  return m;
}

/** A clock the tests move by hand (sweep delays, mail retries). */
export function testClock(start = Date.now()) {
  let t = start;
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}
