// Transactions: commitTransaction, abortTransaction (the state lives in the Engine).
import type { Engine, Handler } from '../engine';

export function transactionCommands(e: Engine): Record<string, Handler> {
  return {
    commitTransaction: (cmd, ctx) => e.commit(cmd, ctx),
    abortTransaction: (cmd) => e.abort(cmd),
  };
}
