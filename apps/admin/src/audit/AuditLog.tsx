import { Box, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  AutocompleteInput,
  DataTable,
  DateInput,
  List,
  ReferenceInput,
  SelectInput,
  Show,
  SimpleList,
  SimpleShowLayout,
  TextInput,
  useDataProvider,
  useRecordContext,
} from 'react-admin';
import type { ShopDataProvider } from '../dataProvider/dataProvider';
import type { AuditEntryRecord } from '../lib/api-types';
import { describeActor, describeEntry, formatAuditValue } from './audit-format';
import { useCompact } from '../lib/useCompact';

const ACTION_CHOICES = [
  { id: 'create', name: 'Created' },
  { id: 'update', name: 'Updated' },
  { id: 'delete', name: 'Deleted' },
];
const ACTION_COLOURS = { create: 'success', update: 'info', delete: 'error' } as const;

/** The resource filter's choices: the collections that have entries (GET /api/audit/resources). */
function ResourceInput(props: { source: string; label: string; alwaysOn?: boolean }) {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const { data = [], isPending } = useQuery({
    queryKey: ['audit', 'resources'],
    queryFn: async () => JSON.parse(await dataProvider.getText('audit/resources')) as string[],
  });
  return <SelectInput {...props} choices={data.map((name) => ({ id: name, name }))} isPending={isPending} />;
}

const filters = [
  <ResourceInput key="resource" source="resource" label="Resource" alwaysOn />,
  <SelectInput key="action" source="action" label="Action" choices={ACTION_CHOICES} alwaysOn />,
  <ReferenceInput key="actor" source="actor" reference="users" filter={{ isAdmin: true }}>
    <AutocompleteInput label="Admin" optionText="username" filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
  <TextInput key="documentId" source="documentId" label="Record id" />,
  <DateInput key="from" source="from" label="From" />,
  <DateInput key="to" source="to" label="To" />,
];

/** The changed fields of one entry, before and after. */
export function AuditChanges({ entry }: { entry?: AuditEntryRecord }) {
  const context = useRecordContext<AuditEntryRecord>();
  const record = entry ?? context;
  if (!record) return null;
  return (
    <Box sx={{ py: 1 }}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {record.method} {record.route} · record {record.documentId}
      </Typography>
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Table size="small" aria-label={`Changes to ${record.resource} ${record.documentId}`}>
          <TableHead>
            <TableRow>
              <TableCell component="th">Field</TableCell>
              <TableCell component="th">Before</TableCell>
              <TableCell component="th">After</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {record.changes.map((change) => (
              <TableRow key={change.field}>
                <TableCell sx={{ fontFamily: 'monospace', verticalAlign: 'top' }}>{change.field}</TableCell>
                <TableCell sx={{ verticalAlign: 'top', wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>{formatAuditValue(change, 'before')}</TableCell>
                <TableCell sx={{ verticalAlign: 'top', wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>{formatAuditValue(change, 'after')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

function ActionChip({ entry }: { entry: AuditEntryRecord }) {
  return <Chip size="small" color={ACTION_COLOURS[entry.action] ?? 'default'} label={describeEntry(entry)} />;
}

/** Audit log (/admin/audit): every record an admin created, changed or deleted; expand a row for before and after. */
export function AuditList() {
  const isSmall = useCompact();
  return (
    <List title="Audit log" sort={{ field: 'at', order: 'DESC' }} filters={filters} exporter={false} perPage={25}>
      {isSmall ? (
        <SimpleList<AuditEntryRecord>
          primaryText={(r) => describeEntry(r)}
          secondaryText={(r) => describeActor(r)}
          tertiaryText={(r) => new Date(r.at).toLocaleString()}
          rowClick="show"
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick="expand" expand={<AuditChanges />}>
          <DataTable.Col source="at" label="When" render={(r: AuditEntryRecord) => new Date(r.at).toLocaleString()} />
          <DataTable.Col source="actor" label="Who" disableSort render={(r: AuditEntryRecord) => describeActor(r)} />
          <DataTable.Col source="action" label="What" disableSort render={(r: AuditEntryRecord) => <ActionChip entry={r} />} />
          <DataTable.Col source="documentId" label="Which record" disableSort render={(r: AuditEntryRecord) => <span style={{ fontFamily: 'monospace', fontSize: 12 }}>{r.documentId}</span>} />
          <DataTable.Col source="changes" label="Fields" disableSort render={(r: AuditEntryRecord) => r.changes.map((c) => c.field).join(', ')} />
        </DataTable>
      )}
    </List>
  );
}

function ShowTitle() {
  const record = useRecordContext<AuditEntryRecord>();
  return <span>{record ? `${describeEntry(record)} by ${record.actor.name}` : 'Audit entry'}</span>;
}

/** One entry (/admin/audit/{id}/show): who, when, what, and the before/after table. */
export function AuditShow() {
  return (
    <Show title={<ShowTitle />}>
      <SimpleShowLayout>
        <AuditSummary />
        <AuditChanges />
      </SimpleShowLayout>
    </Show>
  );
}

function AuditSummary() {
  const record = useRecordContext<AuditEntryRecord>();
  if (!record) return null;
  return (
    <Box>
      <Typography variant="h6" component="h1">
        {describeEntry(record)}
      </Typography>
      <Typography variant="body2">{new Date(record.at).toLocaleString()}</Typography>
      <Typography variant="body2">{describeActor(record)}</Typography>
    </Box>
  );
}
