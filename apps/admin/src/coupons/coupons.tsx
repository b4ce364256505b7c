import { BooleanInput, Create, DataTable, DateTimeInput, Edit, List, NumberInput, SelectInput, SimpleForm, SimpleList, TextInput, required, type RaRecord } from 'react-admin';
import { formatPrice } from '../lib/format';
import { useCompact } from '../lib/useCompact';

const describe = (r: RaRecord) => (r.type === 'percent' ? `${r.value}%` : formatPrice(r.value));

const endsText = (r: RaRecord) => (r.endsAt ? new Date(r.endsAt).toLocaleDateString() : '—');

export function CouponList() {
  const compact = useCompact();
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      {compact ? (
        <SimpleList
          primaryText={(r) => String(r.code ?? '')}
          secondaryText={(r) => `${describe(r)} · ends ${endsText(r)}`}
          tertiaryText={(r) => (r.active ? 'Active' : 'Off')}
          rowClick="edit"
        />
      ) : (
      <DataTable>
        <DataTable.Col source="code" />
        <DataTable.Col source="value" label="Discount" disableSort render={describe} />
        <DataTable.Col source="minSubtotal" label="Min. subtotal" disableSort render={(r) => formatPrice(r.minSubtotal)} />
        <DataTable.Col source="redemptions" render={(r) => `${r.redemptions ?? 0}${r.maxRedemptions ? ` / ${r.maxRedemptions}` : ''}`} />
        <DataTable.Col source="endsAt" label="Ends" render={endsText} />
        <DataTable.Col source="active" disableSort render={(r) => (r.active ? 'Active' : 'Off')} />
        <DataTable.Col source="public" disableSort render={(r) => (r.public ? 'Public' : '')} />
      </DataTable>
      )}
    </List>
  );
}

function CouponForm() {
  return (
    <SimpleForm>
      <TextInput source="code" validate={required()} />
      <TextInput source="description" multiline fullWidth />
      <SelectInput source="type" choices={[{ id: 'percent', name: 'Percent off' }, { id: 'fixed', name: 'Fixed amount ($)' }]} validate={required()} />
      <NumberInput source="value" validate={required()} min={0} />
      <NumberInput source="minSubtotal" label="Minimum subtotal ($)" min={0} />
      <DateTimeInput source="startsAt" />
      <DateTimeInput source="endsAt" />
      <NumberInput source="maxRedemptions" min={1} />
      <NumberInput source="perCustomerLimit" min={1} />
      <BooleanInput source="active" defaultValue />
      <BooleanInput source="public" label="Shown on the offers page" />
    </SimpleForm>
  );
}

export const CouponCreate = () => (
  <Create redirect="list">
    <CouponForm />
  </Create>
);

export const CouponEdit = () => (
  <Edit mutationMode="pessimistic">
    <CouponForm />
  </Edit>
);
