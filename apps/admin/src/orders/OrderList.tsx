import { Chip } from '@mui/material';
import { DataTable, DateInput, List, SelectInput, type RaRecord } from 'react-admin';
import { formatPrice } from '../lib/format';
import { adminPath } from '../lib/paths';
import { ORDER_STATUSES, STATUS_LABELS, statusColor } from './orderStatus';

const filters = [
  <SelectInput key="status" source="status" label="Status" choices={ORDER_STATUSES.map((s) => ({ id: s, name: STATUS_LABELS[s] }))} alwaysOn />,
  <DateInput key="from" source="from" label="From" alwaysOn />,
  <DateInput key="to" source="to" label="To" alwaysOn />,
];

export function StatusChip({ status }: { status: string }) {
  return <Chip size="small" label={STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status} color={statusColor(status)} />;
}

const itemCount = (r: RaRecord) => (Array.isArray(r.items) ? r.items.reduce((n: number, i: { quantity?: number }) => n + (i.quantity ?? 0), 0) : 0);

/** Manage Orders (/admin/orderlist): filters by status and date; a row opens the order. */
export function OrderList() {
  return (
    <List resource="orders" title="Manage Orders" sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} filters={filters} exporter={false}>
      <DataTable rowClick={(id) => adminPath(`/orders/${id}/show`)} bulkActionButtons={false}>
        <DataTable.Col source="id" label="ID" disableSort render={(r) => <code>{String(r.id).slice(-8)}</code>} />
        <DataTable.Col source="createdAt" label="Date" render={(r) => new Date(r.createdAt).toLocaleString()} />
        <DataTable.Col source="shippingAddress.fullName" label="Customer" disableSort />
        <DataTable.Col source="items" label="Items" disableSort render={itemCount} />
        <DataTable.Col source="total" label="Total" align="right" render={(r) => formatPrice(r.total)} />
        <DataTable.Col source="status" label="Status" render={(r) => <StatusChip status={r.status} />} />
        <DataTable.Col source="trackingNumber" label="Tracking" disableSort />
      </DataTable>
    </List>
  );
}
