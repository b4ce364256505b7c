import { Box, Chip, Link as MuiLink, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import {
  DataTable,
  DateInput,
  downloadCSV,
  Link,
  List,
  SearchInput,
  SimpleList,
  useDataProvider,
  useListContext,
  type Exporter,
  type RaRecord,
} from 'react-admin';
import type { ShopDataProvider } from '../dataProvider/dataProvider';
import type { OrderRecord } from '../lib/api-types';
import { formatPrice } from '../lib/format';
import { adminPath } from '../lib/paths';
import { customerPath, ordersCsv, PAYMENT_LABELS, paymentColor } from './orderExport';
import { ORDER_STATUSES, STATUS_LABELS, statusColor } from './orderStatus';
import { useCompact } from '../lib/useCompact';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Order number, customer name or e-mail" sx={{ minWidth: { xs: '100%', sm: 320 } }} />,
  <DateInput key="from" source="from" label="From" alwaysOn />,
  <DateInput key="to" source="to" label="To" alwaysOn />,
];

export function StatusChip({ status }: { status: string }) {
  return <Chip component="span" size="small" label={STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status} color={statusColor(status)} />;
}

export function PaymentChip({ state }: { state: string }) {
  return (
    <Chip
      component="span"
      size="small"
      variant="outlined"
      label={PAYMENT_LABELS[state as keyof typeof PAYMENT_LABELS] ?? state}
      color={paymentColor(state)}
      data-testid="payment-state"
    />
  );
}

/** A link to the order's customer page (the customers resource; record id = the user's id). */
export function CustomerLink({ order }: { order: Pick<OrderRecord, 'user' | 'customer' | 'shippingAddress'> }) {
  if (!order.user)
    return (
      <Typography variant="body2" color="text.secondary">
        Account deleted
      </Typography>
    );
  const name = order.customer?.name ?? order.shippingAddress.fullName;
  return (
    <MuiLink
      component={Link}
      to={adminPath(customerPath(order.user))}
      onClick={(e: MouseEvent) => e.stopPropagation()}
      title={`Customer page of ${name}`}
      data-testid="customer-link"
      sx={{ wordBreak: 'break-all' }}
    >
      {order.customer?.email ?? 'Customer page'}
    </MuiLink>
  );
}

const itemCount = (r: RaRecord) => (Array.isArray(r.items) ? r.items.reduce((n: number, i: { quantity?: number }) => n + (i.quantity ?? 0), 0) : 0);

const exporter: Exporter<OrderRecord> = (records) => downloadCSV(ordersCsv(records), 'orders');

const TABS = ['all', ...ORDER_STATUSES] as const;

/** Tabs by status with counts from GET /api/orders/counts (the list's other filters, e.g. the search, apply). */
function StatusTabs() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const { status, ...rest } = filterValues as Record<string, unknown>;
  const { data: counts } = useQuery({ queryKey: ['orders', 'counts', rest], queryFn: () => dataProvider.getOrderCounts(rest) });
  const current = typeof status === 'string' && (ORDER_STATUSES as readonly string[]).includes(status) ? status : 'all';
  return (
    <Tabs
      value={current}
      onChange={(_e, value: string) => setFilters(value === 'all' ? rest : { ...rest, status: value }, displayedFilters)}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label="Orders by status"
      sx={{ borderBottom: 1, borderColor: 'divider', maxWidth: '100%' }}
    >
      {TABS.map((s) => {
        const count = counts ? counts[s] : undefined;
        return (
          <Tab
            key={s}
            value={s}
            data-testid={`orders-tab-${s}`}
            data-count={count ?? ''}
            label={`${s === 'all' ? 'All' : STATUS_LABELS[s]}${count === undefined ? '' : ` (${count})`}`}
          />
        );
      })}
    </Tabs>
  );
}

function OrderRows() {
  const small = useCompact();
  if (small) {
    return (
      <SimpleList<OrderRecord>
        primaryText={(r) => `#${r.number} · ${r.customer?.name ?? r.shippingAddress.fullName}`}
        secondaryText={(r) => (
          <Stack direction="row" spacing={0.5} component="span" sx={{ flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
            <span>{new Date(r.createdAt).toLocaleDateString()}</span>
            <StatusChip status={r.status} />
            <PaymentChip state={r.paymentState} />
          </Stack>
        )}
        tertiaryText={(r) => formatPrice(r.total)}
        rowClick={(id) => adminPath(`/orders/${id}/show`)}
      />
    );
  }
  return (
    <DataTable<OrderRecord> rowClick={(id) => adminPath(`/orders/${id}/show`)} bulkActionButtons={false}>
      <DataTable.Col source="number" label="Number" disableSort render={(r) => <code>#{r.number}</code>} />
      <DataTable.Col source="createdAt" label="Date" render={(r) => new Date(r.createdAt).toLocaleString()} />
      <DataTable.Col source="shippingAddress.fullName" label="Customer" disableSort />
      <DataTable.Col label="Account" disableSort render={(r) => <CustomerLink order={r as OrderRecord} />} />
      <DataTable.Col source="items" label="Items" disableSort render={itemCount} />
      <DataTable.Col source="total" label="Total" align="right" render={(r) => formatPrice(r.total)} />
      <DataTable.Col source="paymentState" label="Payment" disableSort render={(r) => <PaymentChip state={r.paymentState} />} />
      <DataTable.Col source="status" label="Status" render={(r) => <StatusChip status={r.status} />} />
      <DataTable.Col source="trackingNumber" label="Tracking" disableSort />
    </DataTable>
  );
}

/**
 * Manage Orders (/admin/orderlist): tabs by status with counts, search by number, name or e-mail, dates,
 * payment state, a link to each customer, CSV export; a compact list below the md breakpoint.
 */
export function OrderList() {
  return (
    <List resource="orders" title="Manage Orders" sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} filters={filters} exporter={exporter}>
      {/* Width 0 with min-width 100%: the scrollable tabs take the list's width instead of widening it (390 px screens). */}
      <Box sx={{ width: 0, minWidth: '100%' }}>
        <StatusTabs />
      </Box>
      <OrderRows />
    </List>
  );
}
