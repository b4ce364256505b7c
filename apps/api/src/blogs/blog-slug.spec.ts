import { normaliseTags, publicationDate, slugBase, uniqueSlug } from './blog-slug';

describe('blog slugs', () => {
  it('keeps a free base and suffixes a taken one with the first free number', () => {
    expect(uniqueSlug('summer-edit', [])).toBe('summer-edit');
    expect(uniqueSlug('summer-edit', ['summer-edit'])).toBe('summer-edit-2');
    expect(uniqueSlug('summer-edit', ['summer-edit', 'summer-edit-2', 'summer-edit-4'])).toBe('summer-edit-3');
  });

  it('makes the base from the wanted slug, else from the title', () => {
    expect(slugBase('Summer Édit: 10 Looks!')).toBe('summer-edit-10-looks');
    expect(slugBase('Title', ' My Slug ')).toBe('my-slug');
    expect(slugBase('Title', '   ')).toBe('title');
  });

  it('normalises tags', () => {
    expect(normaliseTags([' Style ', 'style', '', 'Denim'])).toEqual(['style', 'denim']);
  });

  it('dates the first publication and keeps it', () => {
    const now = new Date('2024-05-01T00:00:00Z');
    const before = new Date('2024-01-01T00:00:00Z');
    expect(publicationDate(true, undefined, undefined, now)).toBe(now);
    expect(publicationDate(true, undefined, before, now)).toBe(before);
    expect(publicationDate(false, undefined, undefined, now)).toBeUndefined();
    expect(publicationDate(false, before, undefined, now)).toBe(before);
  });
});
