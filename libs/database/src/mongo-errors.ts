/** MongoDB's duplicate-key error (code 11000), as raised by mongoose and the driver. */
export interface DuplicateKeyError {
  code: 11000;
  keyPattern?: Record<string, unknown>;
  keyValue?: Record<string, unknown>;
}

export function isDuplicateKeyError(error: unknown): error is DuplicateKeyError {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

/** A duplicate-key error, or a bulk write's error whose every write error is one (the other writes went through). */
export function isOnlyDuplicateKeys(error: unknown): boolean {
  const writeErrors = (error as { writeErrors?: unknown } | null)?.writeErrors;
  return Array.isArray(writeErrors) && writeErrors.length > 0 ? writeErrors.every(isDuplicateKeyError) : isDuplicateKeyError(error);
}
