import { BooleanInput, Create, DataTable, DateTimeInput, Edit, List, NumberInput, SelectInput, SimpleForm, TextInput, required, type RaRecord } from 'react-admin';
import { formatPrice } from '../lib/format';

const describe = (r: RaRecord) => (r.type === 'percent' ? `${r.value}%` : formatPrice(r.value));

export function CouponList() {
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      <DataTable>
        <DataTable.Col source="code" />
        <DataTable.Col source="value" label="Discount" disableSort render={describe} />
        <DataTable.Col source="minSubtotal" label="Min. subtotal" disableSort render={(r) => formatPrice(r.minSubtotal)} />
        <DataTable.Col source="redemptions" render={(r) => `${r.redemptions ?? 0}${r.maxRedemptions ? ` / ${r.maxRedemptions}` : ''}`} />
        <DataTable.Col source="endsAt" label="Ends" render={(r) => (r.endsAt ? new Date(r.endsAt).toLocaleDateString() : '—')} />
        <DataTable.Col source="active" disableSort render={(r) => (r.active ? 'Active' : 'Off')} />
        <DataTable.Col source="public" disableSort render={(r) => (r.public ? 'Public' : '')} />
      </DataTable>
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
