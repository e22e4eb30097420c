// MongoDB error codes and a carrier for them.
export const CODE_NAMES: Record<number, string> = {
  1: 'InternalError',
  2: 'BadValue',
  9: 'FailedToParse',
  11: 'UserNotFound',
  13: 'Unauthorized',
  14: 'TypeMismatch',
  20: 'IllegalOperation',
  26: 'NamespaceNotFound',
  28: 'PathNotViable',
  31254: 'Location31254',
  40415: 'Location40415',
  17419: 'Location17419',
  52: 'DollarPrefixedFieldName',
  56: 'EmptyFieldName',
  27: 'IndexNotFound',
  40: 'ConflictingUpdateOperators',
  43: 'CursorNotFound',
  48: 'NamespaceExists',
  59: 'CommandNotFound',
  66: 'ImmutableField',
  67: 'CannotCreateIndex',
  72: 'InvalidOptions',
  73: 'InvalidNamespace',
  85: 'IndexOptionsConflict',
  86: 'IndexKeySpecsConflict',
  112: 'WriteConflict',
  291: 'NoQueryExecutionPlans',
  115: 'CommandNotSupported',
  146: 'ExceededMemoryLimit',
  251: 'NoSuchTransaction',
  256: 'TransactionCommitted',
  238: 'NotImplemented',
  263: 'OperationNotSupportedInTransaction',
  11000: 'DuplicateKey',
  40324: 'Location40324',
};

export class MongoError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly errorLabels: string[] = [],
  ) {
    super(message);
  }

  get codeName(): string {
    return CODE_NAMES[this.code] ?? 'UnknownError';
  }

  toReply(): Record<string, unknown> {
    const r: Record<string, unknown> = { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
    if (this.errorLabels.length) r.errorLabels = this.errorLabels;
    return r;
  }

  toWriteError(index: number): Record<string, unknown> {
    return { index, code: this.code, errmsg: this.message, ...this.extra };
  }
}

/** Map an exception thrown by mingo or elsewhere to a MongoDB error. */
export function toMongoError(e: unknown): MongoError {
  if (e instanceof MongoError) return e;
  const msg = e instanceof Error ? e.message : String(e);
  if (/immutable field/.test(msg)) return new MongoError(66, msg);
  if (/\$text/.test(msg)) return new MongoError(27, 'text index required for $text query');
  const stage = /(?:unregistered|unknown) pipeline operator:? '?(\$?\w+)'?/i.exec(msg);
  if (stage) return new MongoError(40324, `Unrecognized pipeline stage name: '${stage[1]}'`);
  if (/unrecognized pipeline/i.test(msg)) return new MongoError(40324, msg);
  return new MongoError(2, msg);
}
