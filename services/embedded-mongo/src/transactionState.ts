// Multi-document transactions: each session's transaction writes to overlays over the collections
// it writes (txnOverlay.ts, made by Engine.writeColl), and commit applies their changes to the
// base collections at once, after checking that no document it wrote was changed meanwhile
// (WriteConflict) and that its unique keys are still free. The journal gets its ops.
import type { Collection } from './collection';
import type { TxnOverlay } from './txnOverlay';
import { num } from './commands/util';
import { MongoError, toMongoError } from './errors';
import type { Ctx, Txn } from './types';
import { Doc, valueKey } from './values';

/** What transactions need of the engine: the base collections, and how an op is applied to them. */
interface Base {
  dbs: Map<string, Map<string, Collection>>;
  applyOp(op: Doc, check?: boolean): () => void;
  ensureColl(db: string, name: string): { coll: Collection; created: boolean };
}

export class Transactions {
  readonly txns = new Map<string, Txn>();

  constructor(private readonly engine: Base) {}

  private sessionKey(cmd: Doc): string {
    const lsid = cmd.lsid as Doc | undefined;
    if (!lsid) throw new MongoError(72, 'transactions require a session (lsid)');
    return valueKey(lsid.id);
  }

  txnFor(cmd: Doc): Txn {
    const key = this.sessionKey(cmd);
    const txnNumber = num(cmd.txnNumber, 0);
    const cur = this.txns.get(key);
    if (cmd.startTransaction) {
      if (cur && cur.txnNumber >= txnNumber && cur.state === 'active' && cur.txnNumber === txnNumber)
        throw new MongoError(251, `Transaction ${txnNumber} has already been started`, {}, ['TransientTransactionError']);
      if (cur && cur.state === 'active') this.abortTxn(cur);
      const txn: Txn = { key, txnNumber, state: 'active', colls: new Map(), orig: new Map(), ops: [] };
      this.txns.set(key, txn);
      return txn;
    }
    if (!cur || cur.txnNumber !== txnNumber || cur.state !== 'active')
      throw new MongoError(251, `Transaction with { txnNumber: ${txnNumber} } has been aborted.`, {}, ['TransientTransactionError']);
    return cur;
  }

  abortTxn(txn: Txn): void {
    txn.state = 'aborted';
    for (const ov of txn.colls.values()) ov.detach();
    txn.colls.clear();
    txn.orig.clear();
    txn.ops = [];
  }

  commit(cmd: Doc, ctx: Ctx): Doc {
    const key = this.sessionKey(cmd);
    const txnNumber = num(cmd.txnNumber, 0);
    const txn = this.txns.get(key);
    if (!txn || txn.txnNumber !== txnNumber)
      throw new MongoError(251, `Transaction ${txnNumber} has been aborted.`, {}, ['TransientTransactionError']);
    if (txn.state === 'committed') return { ok: 1 };
    if (txn.state === 'aborted')
      throw new MongoError(251, `Transaction ${txnNumber} has been aborted.`, {}, ['TransientTransactionError']);
    // Conflict check: every doc the transaction wrote must be unchanged in the base.
    for (const [ns, m] of txn.orig) {
      const [db, ...rest] = ns.split('.');
      const base = this.engine.dbs.get(db)?.get(rest.join('.'));
      for (const [id, orig] of m)
        if (base?.docs.get(id) !== orig) {
          this.abortTxn(txn);
          throw new MongoError(112, 'WriteConflict error during commit', {}, ['TransientTransactionError']);
        }
    }
    const undos: (() => void)[] = [];
    try {
      for (const op of txn.ops) if (op.o === 'cc') undos.push(this.engine.applyOp(op, true));
      const targets: [TxnOverlay, Collection][] = [];
      for (const ov of txn.colls.values()) {
        ov.detach();
        const base = this.engine.ensureColl(ov.db, ov.name).coll;
        ov.checkCommit(base);
        targets.push([ov, base]);
      }
      for (const [ov, base] of targets)
        for (const [id, doc] of ov.changes) {
          const prev = base.docs.get(id);
          if (doc) base.put(doc, false);
          else base.delete(id);
          undos.push(() => (prev ? base.put(prev, false) : base.delete(id)));
        }
    } catch (e) {
      undos.reverse().forEach((u) => u());
      this.abortTxn(txn);
      const err = toMongoError(e);
      throw new MongoError(err.code === 11000 ? 112 : err.code, err.message, {}, ['TransientTransactionError']);
    }
    ctx.ops.push(...txn.ops);
    txn.state = 'committed';
    txn.colls.clear();
    txn.orig.clear();
    txn.ops = [];
    return { ok: 1 };
  }

  abort(cmd: Doc): Doc {
    const key = this.sessionKey(cmd);
    const txnNumber = num(cmd.txnNumber, 0);
    const txn = this.txns.get(key);
    if (!txn || txn.txnNumber !== txnNumber || txn.state === 'aborted')
      throw new MongoError(251, `Transaction ${txnNumber} has been aborted.`, {}, ['TransientTransactionError']);
    if (txn.state === 'committed') throw new MongoError(256, 'Transaction has been committed');
    this.abortTxn(txn);
    return { ok: 1 };
  }
}
