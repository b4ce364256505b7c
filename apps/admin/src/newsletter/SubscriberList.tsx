import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { DataTable, List, SearchInput, SimpleList, TopToolbar, useDataProvider, useNotify, type RaRecord } from 'react-admin';
import type { ShopDataProvider } from '../dataProvider/dataProvider';
import { errorMessage } from '../dataProvider/httpClient';
import { useCompact } from '../lib/useCompact';

const statusText = (r: RaRecord) => String(r.status ?? (r.active === false ? 'unsubscribed' : 'subscribed'));

/** Saves text as a file in the browser. */
export function saveText(text: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function CsvButton() {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const notify = useNotify();
  const download = async () => {
    try {
      saveText(await dataProvider.getText('newsletter/subscribers.csv'), 'newsletter-subscribers.csv');
    } catch (error) {
      notify(errorMessage(error, 'An error occurred. Please try again.'), { type: 'error' });
    }
  };
  return (
    <Button startIcon={<DownloadIcon />} onClick={() => void download()}>
      Export CSV
    </Button>
  );
}

export function SubscriberList() {
  const compact = useCompact();
  return (
    <List
      title="Newsletter subscribers"
      sort={{ field: 'subscribedAt', order: 'DESC' }}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      actions={
        <TopToolbar>
          <CsvButton />
        </TopToolbar>
      }
    >
      {compact ? (
        <SimpleList
          primaryText={(r) => <span style={{ overflowWrap: 'anywhere' }}>{String(r.email ?? '')}</span>}
          secondaryText={(r) => `${statusText(r)}${r.subscribedAt ? ` · ${new Date(r.subscribedAt).toLocaleDateString()}` : ''}`}
          rowClick={false}
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="email" />
          <DataTable.Col source="status" disableSort render={statusText} />
          <DataTable.Col source="subscribedAt" label="Subscribed" render={(r) => (r.subscribedAt ? new Date(r.subscribedAt).toLocaleString() : '')} />
        </DataTable>
      )}
    </List>
  );
}
