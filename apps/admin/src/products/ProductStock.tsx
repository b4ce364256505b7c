import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Link, useDataProvider, useNotify } from 'react-admin';
import type { ShopDataProvider } from '../dataProvider/dataProvider';
import { errorMessage } from '../dataProvider/httpClient';
import type { StockAdjustmentResult, StockMovement } from '../lib/api-types';
import { adminPath } from '../lib/paths';
import { adjustmentBody, MANUAL_REASONS, REASON_LABELS, signed, type AdjustmentForm } from './stockLedger';

const PAGE = 20;

interface Levels {
  countInStock: number;
  variants: { sku: string; size?: string | null; colour?: string | null; countInStock: number }[];
}

const emptyForm = (): AdjustmentForm => ({ variantSku: '', change: '', reason: 'adjustment', note: '' });

/**
 * A product's stock and its ledger (newest first, 20 a page), with "Adjust stock": a change in units with a
 * reason (an adjustment needs a note), recorded in the ledger. `onAdjusted` hands the new levels to the page.
 */
export function ProductStock({
  productId,
  name,
  levels,
  onAdjusted,
}: {
  productId: string;
  name: string;
  levels: Levels;
  onAdjusted: (result: StockAdjustmentResult) => void;
}) {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const notify = useNotify();
  const [rows, setRows] = useState<StockMovement[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<AdjustmentForm>(emptyForm);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(
    async (which: number) => {
      setLoadError(null);
      try {
        const { data, total: count } = await dataProvider.getStockLedger(productId, which, PAGE);
        setRows(data);
        setTotal(count);
        setPage(which);
      } catch (error) {
        setLoadError(errorMessage(error, 'The stock history could not be loaded.'));
      }
    },
    [dataProvider, productId],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  const submit = async () => {
    const { body, problem: wrong } = adjustmentBody(form, levels);
    if (!body) {
      setProblem(wrong ?? null);
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      const result = await dataProvider.adjustStock(productId, body);
      notify(`Stock of ${name}${body.variantSku ? ` (${body.variantSku})` : ''} changed by ${signed(body.delta)}: now ${result.level}`, {
        type: 'success',
      });
      onAdjusted(result);
      setOpen(false);
      setForm(emptyForm());
      await load(1);
    } catch (error) {
      setProblem(errorMessage(error, 'The stock could not be changed. Try again.'));
    } finally {
      setSaving(false);
    }
  };

  const pages = Math.max(1, Math.ceil(total / PAGE));
  return (
    <Box sx={{ mt: 3 }} component="section" aria-labelledby="stock-heading">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" id="stock-heading">
          Stock: {levels.countInStock}
        </Typography>
        <Button variant="outlined" size="small" onClick={() => setOpen(true)} data-testid="adjust-stock">
          Adjust stock
        </Button>
      </Stack>
      {levels.variants.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {levels.variants.map((v) => `${v.sku}: ${v.countInStock}`).join(' · ')}
        </Typography>
      )}
      {loadError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void load(page)}>
              Retry
            </Button>
          }
        >
          {loadError}
        </Alert>
      )}
      {rows === null && !loadError && <Typography role="status">Loading the stock history…</Typography>}
      {rows && rows.length === 0 && <Typography color="text.secondary">No stock changes recorded yet.</Typography>}
      {rows && rows.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Stock history" data-testid="stock-ledger">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                {levels.variants.length > 0 && <TableCell>Variant</TableCell>}
                <TableCell align="right">Change</TableCell>
                <TableCell align="right">Stock after</TableCell>
                <TableCell>Reason</TableCell>
                <TableCell>By</TableCell>
                <TableCell>Note</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} data-testid="stock-ledger-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{new Date(row.at).toLocaleString()}</TableCell>
                  {levels.variants.length > 0 && <TableCell>{row.variantSku ?? '—'}</TableCell>}
                  <TableCell align="right" sx={{ color: row.delta < 0 ? 'error.main' : 'success.main', fontVariantNumeric: 'tabular-nums' }}>
                    {signed(row.delta)}
                  </TableCell>
                  <TableCell align="right">{row.level}</TableCell>
                  <TableCell>{REASON_LABELS[row.reason]}</TableCell>
                  <TableCell>{row.actor?.name ?? 'Shop'}</TableCell>
                  <TableCell>
                    {row.note}
                    {row.order && (
                      <Link to={adminPath(`/orders/${row.order}/show`)}>
                        {row.note ? ' · ' : ''}Order #{row.orderNumber}
                      </Link>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {pages > 1 && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
              <Button size="small" disabled={page <= 1} onClick={() => void load(page - 1)}>
                Newer
              </Button>
              <Typography variant="body2">
                Page {page} of {pages}
              </Typography>
              <Button size="small" disabled={page >= pages} onClick={() => void load(page + 1)}>
                Older
              </Button>
            </Stack>
          )}
        </Box>
      )}

      <Dialog open={open} onClose={() => !saving && setOpen(false)} aria-labelledby="adjust-stock-title" fullWidth maxWidth="xs">
        <DialogTitle id="adjust-stock-title">Adjust the stock of {name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {levels.variants.length > 0 && (
              <TextField select label="Variant" value={form.variantSku} onChange={(e) => setForm({ ...form, variantSku: e.target.value })} required>
                {levels.variants.map((v) => (
                  <MenuItem key={v.sku} value={v.sku}>
                    {[v.sku, v.size, v.colour].filter(Boolean).join(' · ')} ({v.countInStock} in stock)
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              label="Change in units"
              value={form.change}
              onChange={(e) => setForm({ ...form, change: e.target.value })}
              helperText="Positive to add units, negative to take them out"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              required
            />
            <TextField
              select
              label="Reason"
              value={form.reason}
              onChange={(e) => setForm({ ...form, reason: e.target.value as AdjustmentForm['reason'] })}
            >
              {MANUAL_REASONS.map((r) => (
                <MenuItem key={r.value} value={r.value}>
                  {r.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Note"
              value={form.note}
              onChange={(e) => setForm({ ...form, note: e.target.value })}
              required={form.reason === 'adjustment'}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            {problem && (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={saving}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void submit()} disabled={saving} data-testid="adjust-stock-save">
            Save
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
