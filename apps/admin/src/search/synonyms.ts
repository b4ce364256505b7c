/**
 * The synonyms editor's rules: a group is edited as text, its words or phrases separated by commas; what is saved
 * is each group's words, trimmed, lower-cased and each once.
 */

/** A group as the editor holds it: its text, and a key that stays while it is edited. */
export interface GroupDraft {
  key: number;
  text: string;
}

/** What PUT /api/search/synonyms accepts: words or phrases of 1 to 40 characters, 2 to 20 in a group. */
export const MAX_WORD_LENGTH = 40;
export const MAX_GROUP_WORDS = 20;

/** The words of a group's text: split at commas, trimmed, spaces collapsed, lower-cased, each once. */
export function wordsOf(text: string): string[] {
  const words = text
    .split(',')
    .map((w) => w.trim().replace(/\s+/g, ' ').toLowerCase())
    .filter((w) => w !== '');
  return [...new Set(words)];
}

/** A group's text from its words. */
export function textOf(words: readonly string[]): string {
  return words.join(', ');
}

export interface CheckedGroups {
  /** What to save: the groups with words (an emptied group is dropped). */
  groups: string[][];
  /** Why a group cannot be saved, by its key. */
  errors: Map<number, string>;
}

/** The groups to save, or why some cannot be: a group has 2 to 20 words of at most 40 characters, a word belongs to one group only. */
export function checkGroups(drafts: readonly GroupDraft[]): CheckedGroups {
  const errors = new Map<number, string>();
  const groups: string[][] = [];
  const owner = new Map<string, number>();
  drafts.forEach((draft, index) => {
    const words = wordsOf(draft.text);
    if (words.length === 0) return;
    if (words.length < 2) errors.set(draft.key, 'A group needs at least two words or phrases.');
    if (words.length > MAX_GROUP_WORDS) errors.set(draft.key, `A group can have at most ${MAX_GROUP_WORDS} words or phrases.`);
    const long = words.find((w) => w.length > MAX_WORD_LENGTH);
    if (long) errors.set(draft.key, `“${long.slice(0, 20)}…” is longer than ${MAX_WORD_LENGTH} characters.`);
    for (const word of words) {
      const other = owner.get(word);
      if (other !== undefined && !errors.has(draft.key)) errors.set(draft.key, `“${word}” is already in group ${other + 1}.`);
      else if (other === undefined) owner.set(word, index);
    }
    groups.push(words);
  });
  return { groups, errors };
}

/** Whether two lists of groups say the same (same words in each group, groups in the same order). */
export function sameGroups(a: readonly string[][], b: readonly string[][]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
