// The types the engine and its command tables share. They live apart from engine.ts so the
// command modules (commands/) depend on this description of the engine, not on the engine itself:
// the engine is given its command tables (see commands/index.ts and index.ts's start()).
import type { Collection, CollView, IndexSpec } from './collection';
import type { TxnOverlay } from './txnOverlay';
import type { SnapshotView } from './snapshots';
import type { Doc } from './values';

export interface ConnInfo {
  id: number;
  remote: string;
}

export interface CursorState {
  ns: string;
  docs: Doc[];
  pos: number;
  touched: number;
}

export interface Txn {
  key: string;
  txnNumber: number;
  state: 'active' | 'committed' | 'aborted';
  /** The transaction's overlays over the collections it writes, by namespace. */
  colls: Map<string, TxnOverlay>;
  /** For each written doc: the version the transaction started from (conflict detection). */
  orig: Map<string, Map<string, Doc | undefined>>;
  ops: Doc[];
}

export interface Ctx {
  db: string;
  ops: Doc[];
  txn: Txn | null;
  /** A snapshot read (readConcern `snapshot`): reads see this frozen state instead of the live one. */
  snapshot?: SnapshotView | null;
}

export type Handler = (cmd: Doc, ctx: Ctx, conn: ConnInfo) => Doc;

/** What the command modules use of the engine. */
export interface EngineApi {
  dbs: Map<string, Map<string, Collection>>;
  cursors: Map<string, CursorState>;
  txns: Map<string, Txn>;
  port: number;
  getColl(db: string, name: string, ctx?: Ctx): CollView | undefined;
  ensureColl(db: string, name: string, opts?: Doc): { coll: Collection; created: boolean };
  validName(db: string, name: unknown): string;
  writeColl(ctx: Ctx, name: string): CollView;
  doInsert(ctx: Ctx, coll: CollView, doc: Doc, fromUpdate?: boolean): void;
  doReplace(ctx: Ctx, coll: CollView, doc: Doc): void;
  doDelete(ctx: Ctx, coll: CollView, doc: Doc): void;
  abortTxn(txn: Txn): void;
  releaseSnapshots(sessionKey: string): void;
  commit(cmd: Doc, ctx: Ctx): Doc;
  abort(cmd: Doc): Doc;
  cursorReply(ns: string, docs: Doc[], batchSize: number | undefined, single: boolean, first?: boolean): Doc;
  matching(coll: CollView | undefined, filter: Doc | undefined, vars?: Doc): Doc[];
  query(coll: CollView | undefined, cmd: { filter?: Doc; sort?: Doc; skip?: number; limit?: number; projection?: Doc; vars?: Doc }): Doc[];
  project(doc: Doc | null, fields: unknown, query?: Doc): Doc | null;
  collName(cmd: Doc, key: string): string;
}

/** One family of commands (commands/*.ts): given the engine, its handlers by command name. */
export type CommandTable = (engine: EngineApi) => Record<string, Handler>;

export type { IndexSpec };
