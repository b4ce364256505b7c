import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { ShopDataProvider } from '../dataProvider/dataProvider';
import { errorMessage } from '../dataProvider/httpClient';
import type { ContactMessageRecord } from '../lib/api-types';

/** "2 replies", "1 reply" or nothing: how much of the thread the list row shows. */
export function repliesText(record: Pick<ContactMessageRecord, 'replies'>): string {
  const n = record.replies?.length ?? 0;
  if (n === 0) return '';
  return n === 1 ? '1 reply' : `${n} replies`;
}

/** The message and the admins' replies, oldest first, each with its author and time. */
export function ContactThread({ record }: { record: ContactMessageRecord }) {
  return (
    <Box component="ol" aria-label="Conversation" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      <Box component="li">
        <Typography variant="caption" color="text.secondary">
          {record.name} &lt;{record.email}&gt; · {new Date(record.createdAt).toLocaleString()}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{record.message}</Typography>
      </Box>
      {(record.replies ?? []).map((reply) => (
        <Box component="li" key={reply._id} data-testid="contact-reply" sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5 }}>
          <Typography variant="caption" color="text.secondary">
            {reply.authorName} · {new Date(reply.sentAt).toLocaleString()}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{reply.message}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * "Reply" on a contact message: a dialog with the thread and a reply box. Sending mails the reply to the sender
 * (through the mail queue) and keeps it in the thread; the message is marked handled.
 */
export function ReplyButton({ record }: { record: ContactMessageRecord }) {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [thread, setThread] = useState<ContactMessageRecord>(record);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const titleId = `contact-reply-title-${record.id}`;

  const show = () => {
    setThread(record);
    setError(undefined);
    setOpen(true);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setError('Please write a reply');
      return;
    }
    setBusy(true);
    try {
      const updated = (await dataProvider.replyToContact(record.id, text)) as ContactMessageRecord;
      setThread(updated);
      setText('');
      setError(undefined);
      notify(`Reply sent to ${record.email}`, { type: 'success' });
      refresh();
    } catch (err) {
      setError(errorMessage(err, 'An error occurred. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        size="small"
        onClick={(e) => {
          e.stopPropagation();
          show();
        }}
        aria-label={`Reply to ${record.name}`}
      >
        Reply
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Reply to {record.name}</DialogTitle>
        <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
          <DialogContent>
            <Typography variant="subtitle2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
              {record.subject}
            </Typography>
            <ContactThread record={thread} />
            <Divider sx={{ my: 2 }} />
            <TextField
              label="Your reply"
              helperText={error ?? `Sent by e-mail to ${record.email} and kept in this conversation`}
              error={!!error}
              value={text}
              onChange={(e) => setText(e.target.value)}
              multiline
              minRows={4}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 5000 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Close</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              Send reply
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
}
