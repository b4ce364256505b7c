/** Server error codes used by the engine (same numbers and names as MongoDB). */
export const ErrorCodes = {
  InternalError: 1,
  BadValue: 2,
  FailedToParse: 9,
  TypeMismatch: 14,
  IllegalOperation: 20,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  CursorNotFound: 43,
  NamespaceExists: 48,
  CommandNotFound: 59,
  ImmutableField: 66,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  NotImplemented: 238,
  DuplicateKey: 11000,
  Location17419: 17419,
} as const;

export type ErrorCodeName = keyof typeof ErrorCodes;

/** An error that becomes an `{ ok: 0, errmsg, code, codeName }` reply. */
export class CommandError extends Error {
  readonly code: number;
  readonly codeName: string;
  readonly extra: Record<string, unknown>;

  constructor(codeName: ErrorCodeName, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.code = ErrorCodes[codeName];
    this.codeName = codeName === 'DuplicateKey' ? 'DuplicateKey' : codeName;
    this.extra = extra;
  }
}

export function badValue(message: string): CommandError {
  return new CommandError('BadValue', message);
}

/** Converts anything thrown while running a command into an error reply document. */
export function toErrorReply(err: unknown): Record<string, unknown> {
  if (err instanceof CommandError) {
    return { ok: 0, errmsg: err.message, code: err.code, codeName: err.codeName, ...err.extra };
  }
  const message = err instanceof Error ? err.message : String(err);
  // mingo raises plain errors for invalid operators / expressions: treat them as bad input.
  return { ok: 0, errmsg: message, code: ErrorCodes.BadValue, codeName: 'BadValue' };
}
