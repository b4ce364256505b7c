import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, CircularProgress, Stack } from '@mui/material';
import { useState } from 'react';
import { Link, useNotify } from 'react-admin';
import { adminPath } from '../lib/paths';
import { downloadProductsCsv } from './productCsv';

/** Export (CSV of the products the list shows) and Import (the import page) for the All Products toolbar. */
export function ProductCsvActions({ filter = {} }: { filter?: Record<string, unknown> }) {
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const name = await downloadProductsCsv(filter);
      notify(`Exported ${name}`, { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The export failed. Please try again.', { type: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2 }} role="toolbar" aria-label="Product CSV">
      <Button
        variant="outlined"
        size="small"
        onClick={() => void exportCsv()}
        disabled={exporting}
        aria-busy={exporting}
        startIcon={exporting ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon />}
        data-testid="products-export"
      >
        {exporting ? 'Exporting…' : 'Export CSV'}
      </Button>
      <Button
        variant="outlined"
        size="small"
        component={Link}
        to={adminPath('/product/import')}
        startIcon={<UploadFileIcon />}
        data-testid="products-import"
      >
        Import CSV
      </Button>
    </Stack>
  );
}
