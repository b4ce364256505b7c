import { Box, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { MouseEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  AutocompleteInput,
  DataTable,
  DateInput,
  Link,
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
import { adminPath } from '../lib/paths';
import { ACTION_CHOICES, describeActor, describeEntry, fieldLabel, formatAuditValue, recordPath, recordTypeLabel } from './audit-format';
import { useCompact } from '../lib/useCompact';

const ACTION_COLOURS: Partial<Record<AuditEntryRecord['action'], 'success' | 'info' | 'error' | 'warning'>> = {
  create: 'success',
  update: 'info',
  delete: 'error',
  refund: 'warning',
  cancel: 'error',
  reject: 'error',
  approve: 'success',
};

/** The record type filter's choices: the collections that have entries (GET /api/audit/resources). */
function ResourceInput(props: { source: string; label: string; alwaysOn?: boolean }) {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const { data = [], isPending } = useQuery({
    queryKey: ['audit', 'resources'],
    queryFn: async () => JSON.parse(await dataProvider.getText('audit/resources')) as string[],
  });
  return <SelectInput {...props} choices={data.map((name) => ({ id: name, name: recordTypeLabel(name) }))} isPending={isPending} />;
}

const filters = [
  <ReferenceInput key="actor" source="actor" reference="users" filter={{ isAdmin: true }} alwaysOn>
    <AutocompleteInput label="Admin" optionText="username" filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
  <SelectInput key="action" source="action" label="Action" choices={ACTION_CHOICES} alwaysOn />,
  <ResourceInput key="resource" source="resource" label="Record type" alwaysOn />,
  <TextInput key="record" source="record" label="Record (name, #order number or id)" alwaysOn />,
  <DateInput key="from" source="from" label="From" alwaysOn />,
  <DateInput key="to" source="to" label="To" alwaysOn />,
];

/** A record's name, linked to its console page when it has one. */
export function RecordLink({ resource, documentId, label }: { resource: string; documentId: string; label?: string | null }) {
  const path = recordPath(resource, documentId);
  const name = label ?? documentId;
  if (!path) return <span>{name}</span>;
  return (
    <Link to={adminPath(path)} onClick={(event: MouseEvent) => event.stopPropagation()} aria-label={`Open ${name}`}>
      {name}
    </Link>
  );
}

/** Every record the action wrote: its name (a link), and the fields a person reads, before and after. */
export function AuditChanges({ entry }: { entry?: AuditEntryRecord }) {
  const context = useRecordContext<AuditEntryRecord>();
  const record = entry ?? context;
  if (!record) return null;
  return (
    <Box sx={{ py: 1 }}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {record.method} {record.route}
      </Typography>
      {record.records.map((r) => (
        <Box key={`${r.resource}:${r.documentId}`} sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="h3">
            {recordTypeLabel(r.resource)}: <RecordLink resource={r.resource} documentId={r.documentId} label={r.label} />
          </Typography>
          {r.changes.length === 0 ? null : (
            <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
              <Table size="small" aria-label={`Changes to ${r.label ?? r.documentId}`}>
                <TableHead>
                  <TableRow>
                    <TableCell component="th">Field</TableCell>
                    <TableCell component="th">Before</TableCell>
                    <TableCell component="th">After</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {r.changes.map((change) => (
                    <TableRow key={change.field}>
                      <TableCell sx={{ verticalAlign: 'top' }}>{fieldLabel(change.field)}</TableCell>
                      <TableCell sx={{ verticalAlign: 'top', wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
                        {formatAuditValue(change, 'before')}
                      </TableCell>
                      <TableCell sx={{ verticalAlign: 'top', wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
                        {formatAuditValue(change, 'after')}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Box>
      ))}
    </Box>
  );
}

function ActionChip({ entry }: { entry: AuditEntryRecord }) {
  const label = ACTION_CHOICES.find((c) => c.id === entry.action)?.name ?? entry.action;
  return <Chip size="small" color={ACTION_COLOURS[entry.action] ?? 'default'} label={label} />;
}

/** Audit log (/admin/audit): one line per admin action, in words; expand a row for every record it wrote, before and after. */
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
          <DataTable.Col source="action" label="Action" disableSort render={(r: AuditEntryRecord) => <ActionChip entry={r} />} />
          <DataTable.Col source="summary" label="What" disableSort render={(r: AuditEntryRecord) => describeEntry(r)} />
          <DataTable.Col
            source="documentId"
            label="Record"
            disableSort
            render={(r: AuditEntryRecord) => <RecordLink resource={r.resource} documentId={r.documentId} label={r.label} />}
          />
        </DataTable>
      )}
    </List>
  );
}

function ShowTitle() {
  const record = useRecordContext<AuditEntryRecord>();
  return <span>{record ? `${describeEntry(record)} (by ${record.actor.name})` : 'Audit entry'}</span>;
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
      <Typography variant="body2">
        {recordTypeLabel(record.resource)}: <RecordLink resource={record.resource} documentId={record.documentId} label={record.label} />
      </Typography>
    </Box>
  );
}
