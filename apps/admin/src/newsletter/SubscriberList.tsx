import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { DataTable, List, SearchInput, TopToolbar, useDataProvider, useNotify } from 'react-admin';
import type { ShopDataProvider } from '../dataProvider/dataProvider';
import { errorMessage } from '../dataProvider/httpClient';

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
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="email" />
        <DataTable.Col source="status" disableSort render={(r) => String(r.status ?? (r.active === false ? 'unsubscribed' : 'subscribed'))} />
        <DataTable.Col source="subscribedAt" label="Subscribed" render={(r) => (r.subscribedAt ? new Date(r.subscribedAt).toLocaleString() : '')} />
      </DataTable>
    </List>
  );
}
