import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch, type Reply, type SeenRequest } from '../../../../test/web-support/fetch';
import { renderInAdmin, signInAdmin } from '../test/render';
import { SearchSettings } from './SearchSettings';

const SAVED = [
  ['tee', 't-shirt', 'tshirt'],
  ['trainers', 'sneakers'],
];

const MISSES = [
  { query: 'lether', count: 12, lastSearchedAt: '2026-11-20T10:00:00.000Z' },
  { query: 'rain mac', count: 3, lastSearchedAt: '2026-11-21T10:00:00.000Z' },
];

/** The search admin API: the synonyms as saved (a PUT replaces them), and the top zero-result queries. */
function searchAdmin({ misses = MISSES, failSave = false }: { misses?: typeof MISSES; failSave?: boolean } = {}) {
  let groups = SAVED;
  return stubFetch(({ method, path, body }): Reply | undefined => {
    if (path === '/api/search/synonyms' && method === 'GET') return { body: { groups } };
    if (path === '/api/search/synonyms' && method === 'PUT') {
      if (failSave) return { status: 400, body: { statusCode: 400, message: 'A group needs at least two words' } };
      groups = (body as { groups: string[][] }).groups;
      return { body: { groups } };
    }
    if (path === '/api/search/misses?limit=20' && method === 'GET') return { body: { items: misses } };
    return undefined;
  });
}

const puts = (requests: SeenRequest[]) => requests.filter((r) => r.method === 'PUT');
const group = (n: number) => screen.getByRole('textbox', { name: `Group ${n}` }) as HTMLInputElement;

function renderPage() {
  signInAdmin();
  return renderInAdmin(<SearchSettings />, { path: '/admin/search' });
}

describe('the console Search page', () => {
  it('lists the saved synonym groups, each word shown, and Save stays off until something changes', async () => {
    const { requests } = searchAdmin();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Search', level: 1 })).toBeTruthy();
    expect(((await screen.findByRole('textbox', { name: 'Group 1' })) as HTMLInputElement).value).toBe('tee, t-shirt, tshirt');
    expect(group(2).value).toBe('trainers, sneakers');
    expect(
      within(screen.getByRole('list', { name: 'Words of group 1' }))
        .getAllByRole('listitem')
        .map((w) => w.textContent),
    ).toEqual(['tee', 't-shirt', 'tshirt']);
    expect((screen.getByRole('button', { name: 'Save synonyms' }) as HTMLButtonElement).disabled).toBe(true);
    // The console's calls carry the admin's token.
    expect(requests.find((r) => r.path === '/api/search/synonyms')?.headers.get('Authorization')).toBe('Bearer admin.jwt.token');
  });

  it('edits a group, removes one, adds one, and saves them all with PUT', async () => {
    const { requests } = searchAdmin();
    const { user } = renderPage();
    await screen.findByRole('textbox', { name: 'Group 1' });
    await user.type(group(1), ', Tees');
    await user.click(screen.getByRole('button', { name: 'Remove group 2' }));
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    // The new group has the focus.
    expect(document.activeElement).toBe(group(2));
    await user.type(group(2), 'jumper, sweater, pullover');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save synonyms' }));
    expect(await screen.findByText('Synonyms saved')).toBeTruthy();
    expect(puts(requests).map((r) => r.body)).toEqual([
      {
        groups: [
          ['tee', 't-shirt', 'tshirt', 'tees'],
          ['jumper', 'sweater', 'pullover'],
        ],
      },
    ]);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Save synonyms' }) as HTMLButtonElement).disabled).toBe(true));
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('does not save a group of one word, and says why under it', async () => {
    const { requests } = searchAdmin();
    const { user } = renderPage();
    await screen.findByRole('textbox', { name: 'Group 1' });
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    await user.type(group(3), 'hoodie');
    await user.click(screen.getByRole('button', { name: 'Save synonyms' }));
    expect(await screen.findByText('A group needs at least two words or phrases.')).toBeTruthy();
    expect(group(3).getAttribute('aria-invalid')).toBe('true');
    expect(puts(requests)).toEqual([]);
  });

  it("shows the API's message when the save is refused, and keeps the edits", async () => {
    searchAdmin({ failSave: true });
    const { user } = renderPage();
    await screen.findByRole('textbox', { name: 'Group 1' });
    await user.type(group(2), ', kicks');
    await user.click(screen.getByRole('button', { name: 'Save synonyms' }));
    expect(await screen.findByText('A group needs at least two words')).toBeTruthy();
    expect(group(2).value).toBe('trainers, sneakers, kicks');
  });

  it('lists the top searches that found nothing, each opening the shop search, and turns one into a new group', async () => {
    searchAdmin();
    const { user } = renderPage();
    const rows = await screen.findAllByTestId('search-miss');
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 2)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['lether', '12'],
      ['rain mac', '3'],
    ]);
    expect(
      within(rows[1])
        .getByRole('link', { name: /^rain mac/ })
        .getAttribute('href'),
    ).toBe('/shop?search=rain%20mac');
    await screen.findByRole('textbox', { name: 'Group 2' });
    await user.click(screen.getByRole('button', { name: 'Add “lether” to a new synonym group' }));
    expect(group(3).value).toBe('lether, ');
    expect(document.activeElement).toBe(group(3));
  });

  it('says so when no search has come up empty', async () => {
    searchAdmin({ misses: [] });
    renderPage();
    expect(await screen.findByText('No searches without results yet.')).toBeTruthy();
  });
});
