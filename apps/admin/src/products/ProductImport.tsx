import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  FormControlLabel,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { Link, Title } from 'react-admin';
import { adminPath } from '../lib/paths';
import { commitState, conflictLine, importProductsCsv, rowErrorLines, type ProductImportResult } from './productCsv';

type Phase = 'idle' | 'checking' | 'previewed' | 'importing' | 'done';

/**
 * Import products from CSV (/admin/product/import): choose a file, see every row checked (invalid ones
 * highlighted with their errors), then import. While a row is invalid nothing can be imported unless
 * "Skip invalid rows" is checked; the API writes nothing at all in that case either. A row whose product changed
 * since the export (a sale, another edit) is shown with the shop's and the file's values and is written only when
 * its Overwrite box is ticked; "Set stock to the file's values" checks the file again with stock taken as it is.
 */
export function ProductImport() {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [result, setResult] = useState<ProductImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [overwrite, setOverwrite] = useState<Set<string>>(new Set());
  const [setStock, setSetStock] = useState(false);

  const preview = async (chosen: File, stock: 'adjust' | 'set' = setStock ? 'set' : 'adjust') => {
    setFile(chosen);
    setResult(null);
    setError(null);
    setSkipInvalid(false);
    setOverwrite(new Set());
    setPhase('checking');
    try {
      const { result: checked } = await importProductsCsv(chosen, 'preview', { stock });
      setResult(checked);
      setPhase('previewed');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The file could not be checked.');
      setPhase('idle');
    }
  };

  const commit = async () => {
    if (!file) return;
    setPhase('importing');
    setError(null);
    try {
      const { status, result: written } = await importProductsCsv(file, 'commit', {
        skipInvalid,
        overwrite: [...overwrite],
        stock: setStock ? 'set' : 'adjust',
      });
      setResult(written);
      if (status === 422) {
        setError(written.message);
        setPhase('previewed');
      } else setPhase('done');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The import failed. Please try again.');
      setPhase('previewed');
    }
  };

  const state = commitState(phase === 'previewed' ? result : null, skipInvalid, overwrite);
  const toggleOverwrite = (id: string, on: boolean) =>
    setOverwrite((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const busy = phase === 'checking' || phase === 'importing';

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Import Products" />
      <Typography variant="h5" component="h1" gutterBottom>
        Import Products
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        A CSV file with the columns of the export (UTF-8, at most 2 MB and 5,000 rows). A row with an id updates that product; a row without one
        creates a product. Category is the category's name. Every row is checked before anything is written.
      </Typography>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Button variant="contained" component="label" startIcon={<UploadFileIcon />} disabled={busy}>
          {file ? 'Choose another file' : 'Choose CSV file'}
          <input
            ref={input}
            hidden
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file to import"
            data-testid="import-file"
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              if (chosen) void preview(chosen);
              e.target.value = '';
            }}
          />
        </Button>
        {file && <Typography data-testid="import-file-name">{file.name}</Typography>}
        <Button component={Link} to={adminPath('/allproductslist')} size="small">
          Back to All Products
        </Button>
      </Stack>

      {busy && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }} role="status" aria-live="polite">
          <CircularProgress size={20} aria-hidden />
          <Typography>{phase === 'checking' ? 'Checking the file…' : 'Importing…'}</Typography>
        </Stack>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert" data-testid="import-error">
          {error}
        </Alert>
      )}
      {phase === 'done' && result && (
        <Alert
          severity={result.invalid > 0 || result.conflicted > 0 ? 'warning' : 'success'}
          sx={{ mb: 2 }}
          role="status"
          data-testid="import-summary"
        >
          {result.message}
        </Alert>
      )}

      {result && (
        <>
          {phase !== 'done' && (
            <Alert severity={result.invalid > 0 || result.conflicted > 0 ? 'warning' : 'info'} sx={{ mb: 2 }} data-testid="import-preview-summary">
              {result.message}
            </Alert>
          )}
          {phase !== 'done' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
              <FormControlLabel
                control={
                  <Checkbox checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)} disabled={busy || result.invalid === 0} />
                }
                label="Skip invalid rows"
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={setStock}
                    disabled={busy || !file}
                    onChange={(e) => {
                      setSetStock(e.target.checked);
                      if (file) void preview(file, e.target.checked ? 'set' : 'adjust');
                    }}
                  />
                }
                label="Set stock to the file's values (ignore sales since the export)"
              />
              <Button variant="contained" color="primary" onClick={() => void commit()} disabled={!state.enabled || busy} data-testid="import-commit">
                {`Import ${state.count} ${state.count === 1 ? 'product' : 'products'}`}
              </Button>
              {!state.enabled && state.reason && phase === 'previewed' && (
                <Typography variant="body2" color="text.secondary" data-testid="import-commit-reason">
                  {state.reason}
                </Typography>
              )}
            </Stack>
          )}
          <TableContainer component={Paper} sx={{ maxWidth: '100%' }}>
            <Table size="small" aria-label="Rows of the file">
              <TableHead>
                <TableRow>
                  <TableCell>Line</TableCell>
                  <TableCell>Action</TableCell>
                  <TableCell>Name</TableCell>
                  <TableCell>Id</TableCell>
                  <TableCell>Result</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.rows.map((row) => {
                  const conflicts = row.conflicts ?? [];
                  const changed = row.valid && conflicts.length > 0;
                  return (
                    <TableRow
                      key={row.row}
                      data-testid="import-row"
                      data-valid={row.valid ? 'true' : 'false'}
                      data-conflict={changed ? 'true' : 'false'}
                      aria-invalid={!row.valid}
                      sx={
                        !row.valid
                          ? { backgroundColor: (theme) => (theme.palette.mode === 'dark' ? 'rgba(244, 67, 54, 0.16)' : 'rgba(244, 67, 54, 0.08)') }
                          : changed
                            ? {
                                backgroundColor: (theme) => (theme.palette.mode === 'dark' ? 'rgba(255, 167, 38, 0.16)' : 'rgba(255, 167, 38, 0.12)'),
                              }
                            : undefined
                      }
                    >
                      <TableCell>{row.row}</TableCell>
                      <TableCell>{row.action === 'create' ? 'Create' : 'Update'}</TableCell>
                      <TableCell>{row.name ?? '—'}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{row.id ?? '—'}</TableCell>
                      <TableCell>
                        {changed && !row.written ? (
                          <Box data-testid="import-row-conflict">
                            <Typography variant="body2" sx={{ fontWeight: 600 }}>
                              {phase === 'done' ? 'Not written: changed since the export' : 'Changed since the export'}
                            </Typography>
                            <Box component="ul" sx={{ m: 0, pl: 2 }}>
                              {conflicts.map((c) => (
                                <li key={c.column}>{conflictLine(c)}</li>
                              ))}
                            </Box>
                            {phase !== 'done' && row.id && (
                              <FormControlLabel
                                control={
                                  <Checkbox
                                    size="small"
                                    checked={overwrite.has(row.id)}
                                    onChange={(e) => toggleOverwrite(row.id as string, e.target.checked)}
                                    disabled={busy}
                                  />
                                }
                                label="Overwrite with the file's values"
                              />
                            )}
                          </Box>
                        ) : row.valid ? (
                          <Chip
                            size="small"
                            color={row.written ? 'success' : 'default'}
                            label={row.written ? (row.action === 'create' ? 'Created' : 'Updated') : 'OK'}
                          />
                        ) : (
                          <Box component="ul" sx={{ m: 0, pl: 2, color: 'error.main' }} data-testid="import-row-errors">
                            {rowErrorLines(row).map((line) => (
                              <li key={line}>{line}</li>
                            ))}
                          </Box>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Box>
  );
}
