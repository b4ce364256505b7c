import { screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { ContactMessageRecord } from '../lib/api-types';
import { renderInAdmin } from '../test/render';
import { ContactList } from './ContactList';

const ID = '6661f0a1b2c3d4e5f6a7b801';

function message(replies: ContactMessageRecord['replies'] = []): ContactMessageRecord {
  return {
    _id: ID,
    id: ID,
    name: 'Rita Reader',
    email: 'rita@example.com',
    subject: 'Return label',
    message: 'Could you send me a return label?',
    user: null,
    handled: replies.length > 0,
    handledAt: null,
    handledBy: null,
    replies,
    createdAt: '2025-03-01T09:00:00.000Z',
  };
}

/** The API as the console sees it: one message whose thread grows with each reply. */
function contactApi() {
  let stored = message();
  return {
    getList: vi.fn(() => Promise.resolve({ data: [stored], total: 1 })),
    replyToContact: vi.fn((_id: string, text: string) => {
      stored = message([
        ...(stored.replies ?? []),
        {
          _id: `r${stored.replies.length}`,
          message: text,
          author: 'a1',
          authorName: 'Olive Owner',
          sentAt: '2025-03-02T10:00:00.000Z',
        },
      ]);
      return Promise.resolve(stored);
    }),
  };
}

describe('ContactList replies', () => {
  it('answers a message from the console and shows the reply in its thread with author and time', async () => {
    const api = contactApi();
    const { user } = renderInAdmin(
      <ResourceContextProvider value="contact">
        <ContactList />
      </ResourceContextProvider>,
      { dataProvider: api, path: '/admin/contact' },
    );
    await user.click(await screen.findByRole('button', { name: 'Reply to Rita Reader' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Reply to Rita Reader',
    });
    expect(within(dialog).getByText('Could you send me a return label?')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(within(dialog).getByText('Please write a reply')).toBeTruthy();
    expect(api.replyToContact).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Your reply'), 'The label is attached.');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(api.replyToContact).toHaveBeenCalledWith(ID, 'The label is attached.'));
    const reply = await within(dialog).findByTestId('contact-reply');
    expect(reply.textContent).toContain('The label is attached.');
    expect(reply.textContent).toContain('Olive Owner');
    expect(reply.textContent).toContain(new Date('2025-03-02T10:00:00.000Z').toLocaleString());
    expect(await screen.findByText('Reply sent to rita@example.com')).toBeTruthy();
    expect((within(dialog).getByLabelText('Your reply') as HTMLTextAreaElement).value).toBe('');
  });
});
