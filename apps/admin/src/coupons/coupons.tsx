import {
  BooleanInput,
  Create,
  DataTable,
  DateTimeInput,
  Edit,
  List,
  NumberInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  required,
  type RaRecord,
} from 'react-admin';
import { Chip } from '@mui/material';
import type { CouponRecord } from '../lib/api-types';
import { formatPrice } from '../lib/format';
import { useCompact } from '../lib/useCompact';
import { COUPON_STATE_LABELS, couponEnds, couponStateColor, endsAfterStarts, type CouponState } from './couponLabels';

const describe = (r: RaRecord) => (r.type === 'percent' ? `${r.value}%` : formatPrice(r.value));

const endsText = (r: RaRecord) => couponEnds(typeof r.endsAt === 'string' ? r.endsAt : null);

const stateOf = (r: object): CouponState => (r as CouponRecord).state;

/** The state the API computed when it answered (scheduled, active, expired, used up, off). */
function StateChip({ state }: { state: CouponState }) {
  return <Chip size="small" label={COUPON_STATE_LABELS[state] ?? state} color={couponStateColor(state)} data-testid="coupon-state" />;
}

export function CouponList() {
  const compact = useCompact();
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      {compact ? (
        <SimpleList
          primaryText={(r) => String(r.code ?? '')}
          secondaryText={(r) => `${describe(r)} · ends ${endsText(r)}`}
          tertiaryText={(r) => COUPON_STATE_LABELS[stateOf(r)] ?? ''}
          rowClick="edit"
        />
      ) : (
        <DataTable>
          <DataTable.Col source="code" />
          <DataTable.Col source="value" label="Discount" disableSort render={describe} />
          <DataTable.Col source="minSubtotal" label="Min. subtotal" disableSort render={(r) => formatPrice(r.minSubtotal)} />
          <DataTable.Col source="redemptions" render={(r) => `${r.redemptions ?? 0}${r.maxRedemptions ? ` / ${r.maxRedemptions}` : ''}`} />
          <DataTable.Col source="endsAt" label="Ends" render={endsText} />
          <DataTable.Col source="state" label="State" disableSort render={(r) => <StateChip state={stateOf(r)} />} />
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
      <SelectInput
        source="type"
        choices={[
          { id: 'percent', name: 'Percent off' },
          { id: 'fixed', name: 'Fixed amount ($)' },
        ]}
        validate={required()}
      />
      <NumberInput source="value" validate={required()} min={0} />
      <NumberInput source="minSubtotal" label="Minimum subtotal ($)" min={0} />
      <DateTimeInput source="startsAt" label="Start date" />
      <DateTimeInput source="endsAt" label="End date" validate={endsAfterStarts} />
      <NumberInput source="maxRedemptions" label="Total number of uses" min={1} />
      <NumberInput source="perCustomerLimit" label="Uses per customer" min={1} />
      <BooleanInput source="active" label="Switched on" defaultValue />
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
