import { Transform } from 'class-transformer';

/** Trims text input; other values pass through for the validators to judge. */
export const Trim = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Trims and lower-cases text input (e-mail addresses, codes). */
export const TrimLower = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));
