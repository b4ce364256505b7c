import { slugify } from '@shop/database';

/**
 * The first free slug for a base: the base itself, else base-2, base-3, … (taken holds the slugs
 * already used that look like the base or base-<n>).
 */
export function uniqueSlug(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** The slug base of a post: the slug the admin typed, else the title, made URL-safe. */
export function slugBase(title: string, wanted?: string): string {
  return slugify(wanted && wanted.trim() ? wanted : title);
}

/** Tags trimmed, lower-cased, without blanks and duplicates, in the given order. */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const tag of tags) {
    const t = tag.trim().toLowerCase();
    if (t) seen.add(t);
  }
  return [...seen];
}

/** publishedAt follows published: set on first publication (or as given), kept afterwards. */
export function publicationDate(published: boolean, given: Date | undefined, current: Date | undefined, now: Date): Date | undefined {
  if (given) return given;
  if (!published) return current;
  return current ?? now;
}
