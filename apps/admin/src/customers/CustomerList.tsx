import CheckIcon from '@mui/icons-material/Check';
import { Chip, Stack } from '@mui/material';
import {
  DataTable,
  downloadCSV,
  ExportButton,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useListContext,
  type DataProvider,
  type Exporter,
} from 'react-admin';
import type { CustomerRecord } from '../lib/api-types';
import { formatDate, formatPrice } from '../lib/format';
import { customersToCsv } from './customerCsv';
import { useCompact } from '../lib/useCompact';

const YES_NO = [
  { id: true, name: 'Yes' },
  { id: false, name: 'No' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name or e-mail" />,
  <SelectInput key="hasOrders" source="hasOrders" label="Has orders" choices={YES_NO} alwaysOn />,
  <SelectInput key="newsletter" source="newsletter" label="Newsletter" choices={YES_NO} alwaysOn />,
  <SelectInput
    key="role"
    source="role"
    label="Role"
    choices={[
      { id: 'customer', name: 'Customer only' },
      { id: 'distributor', name: 'Distributor' },
      { id: 'admin', name: 'Admin' },
    ]}
    alwaysOn
  />,
];

/** The API answers at most 100 customers a page: the export fetches page after page. */
const EXPORT_PAGE = 100;

/** Export (CSV) of every customer the list's filter matches, in the list's order, not only the page shown. */
function CustomersExportButton() {
  const { filterValues, sort, total } = useListContext<CustomerRecord>();
  const exporter: Exporter<CustomerRecord> = async (records, _fetchRelated, dataProvider: DataProvider) => {
    const all = [...records];
    for (let page = 2; all.length < (total ?? 0) && (page - 1) * EXPORT_PAGE < (total ?? 0); page++) {
      const next = await dataProvider.getList<CustomerRecord>('customers', {
        filter: filterValues,
        sort,
        pagination: { page, perPage: EXPORT_PAGE },
      });
      if (next.data.length === 0) break;
      all.push(...next.data);
    }
    downloadCSV(customersToCsv(all), 'customers');
  };
  return <ExportButton exporter={exporter} maxResults={EXPORT_PAGE} label="Export CSV" />;
}

function RoleChips({ isAdmin, isDistributor }: { isAdmin: boolean; isDistributor: boolean }) {
  return (
    <Stack direction="row" spacing={0.5}>
      {isAdmin && <Chip size="small" color="primary" label="Admin" />}
      {isDistributor && <Chip size="small" label="Distributor" />}
    </Stack>
  );
}

const summary = (r: CustomerRecord) =>
  `${r.ordersCount} order${r.ordersCount === 1 ? '' : 's'} · ${formatPrice(r.totalSpent)} spent${r.newsletter ? ' · newsletter' : ''}`;

/**
 * Customers (/admin/customers): every user with orders count, total spent (paid orders), last order and the
 * newsletter flag; search, filters and a CSV export. Below the md breakpoint a compact SimpleList.
 */
export function CustomerList() {
  const isSmall = useCompact();
  return (
    <List
      resource="customers"
      title="Customers"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={filters}
      actions={
        <TopToolbar>
          <CustomersExportButton />
        </TopToolbar>
      }
    >
      {isSmall ? (
        <SimpleList<CustomerRecord> primaryText={(r) => r.username} secondaryText={(r) => r.email} tertiaryText={(r) => summary(r)} rowClick="show" />
      ) : (
        <DataTable<CustomerRecord> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="username" label="Name" />
          <DataTable.Col source="email" label="E-mail" />
          <DataTable.Col source="ordersCount" label="Orders" align="right" />
          <DataTable.Col source="totalSpent" label="Total spent" align="right" render={(r) => formatPrice(r.totalSpent)} />
          <DataTable.Col source="lastOrderAt" label="Last order" render={(r) => (r.lastOrderAt ? formatDate(r.lastOrderAt) : '—')} />
          <DataTable.Col
            source="newsletter"
            label="Newsletter"
            disableSort
            render={(r) => (r.newsletter ? <CheckIcon color="success" titleAccess="Subscribed" fontSize="small" /> : null)}
          />
          <DataTable.Col
            source="isAdmin"
            label="Roles"
            disableSort
            render={(r) => <RoleChips isAdmin={Boolean(r.isAdmin)} isDistributor={Boolean(r.isDistributor)} />}
          />
          <DataTable.Col source="createdAt" label="Joined" render={(r) => formatDate(r.createdAt)} />
        </DataTable>
      )}
    </List>
  );
}
