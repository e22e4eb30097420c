// Transactions: commitTransaction, abortTransaction (the state lives in the Engine).
import type { EngineApi, Handler } from '../types';

export function transactionCommands(e: EngineApi): Record<string, Handler> {
  return {
    commitTransaction: (cmd, ctx) => e.commit(cmd, ctx),
    abortTransaction: (cmd) => e.abort(cmd),
  };
}
