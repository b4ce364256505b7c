import { Button, Chip, Stack } from '@mui/material';
import { BooleanInput, DataTable, List, SearchInput, SimpleList, useNotify, useUpdate } from 'react-admin';
import { errorMessage } from '../dataProvider/httpClient';
import type { ContactMessageRecord } from '../lib/api-types';
import { useCompact } from '../lib/useCompact';
import { repliesText, ReplyButton } from './ContactReply';

function HandledButton({ record }: { record: ContactMessageRecord }) {
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const toggle = () =>
    update(
      'contact',
      { id: record.id, data: { handled: !record.handled }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(record.handled ? 'Marked as not handled' : 'Marked as handled', { type: 'success' }),
        onError: (e) => notify(errorMessage(e, 'An error occurred. Please try again.'), { type: 'error' }),
      },
    );
  return (
    <Button
      size="small"
      disabled={isPending}
      onClick={(e) => {
        e.stopPropagation();
        void toggle();
      }}
    >
      {record.handled ? 'Reopen' : 'Mark handled'}
    </Button>
  );
}

export function ContactList() {
  const compact = useCompact();
  return (
    <List
      title="Contact messages"
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={[<SearchInput key="q" source="q" alwaysOn />, <BooleanInput key="handled" source="handled" label="Handled" />]}
      exporter={false}
    >
      {compact ? (
        <SimpleList
          primaryText={(r) =>
            `${String(r.subject ?? '')} ${r.handled ? '(handled)' : '(open)'}${repliesText(r as ContactMessageRecord) ? ` · ${repliesText(r as ContactMessageRecord)}` : ''}`
          }
          secondaryText={(r) => `${String(r.name ?? '')} <${String(r.email ?? '')}> · ${new Date(r.createdAt).toLocaleString()}`}
          tertiaryText={(r) => <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{String(r.message ?? '')}</span>}
          rightIcon={(r) => (
            <Stack>
              <ReplyButton record={r as ContactMessageRecord} />
              <HandledButton record={r as ContactMessageRecord} />
            </Stack>
          )}
          rowClick={false}
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="createdAt" label="Received" render={(r) => new Date(r.createdAt).toLocaleString()} />
          <DataTable.Col source="name" disableSort />
          <DataTable.Col source="email" />
          <DataTable.Col source="subject" />
          <DataTable.Col source="message" disableSort render={(r) => <span style={{ whiteSpace: 'pre-wrap' }}>{String(r.message ?? '')}</span>} />
          <DataTable.Col
            source="handled"
            render={(r) => (r.handled ? <Chip size="small" color="success" label="Handled" /> : <Chip size="small" color="warning" label="Open" />)}
          />
          <DataTable.Col source="replies" label="Replies" disableSort render={(r) => repliesText(r as ContactMessageRecord)} />
          <DataTable.Col
            label=""
            disableSort
            render={(r) => (
              <Stack direction="row" spacing={1}>
                <ReplyButton record={r as ContactMessageRecord} />
                <HandledButton record={r as ContactMessageRecord} />
              </Stack>
            )}
          />
        </DataTable>
      )}
    </List>
  );
}
