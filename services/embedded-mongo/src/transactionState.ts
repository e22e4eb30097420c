// Multi-document transactions: each session's transaction works on private copies of the
// collections it writes (Engine.writeColl), and commit applies its ops to the base collections at
// once, after checking that no document it wrote was changed meanwhile (WriteConflict).
import type { Collection } from './collection';
import { num } from './commands/util';
import { MongoError, toMongoError } from './errors';
import type { Ctx, Txn } from './types';
import { Doc, valueKey } from './values';

/** What transactions need of the engine: the base collections, and how an op is applied to them. */
interface Base {
  dbs: Map<string, Map<string, Collection>>;
  applyOp(op: Doc, check?: boolean): () => void;
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
      for (const op of txn.ops) undos.push(this.engine.applyOp(op, true));
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
