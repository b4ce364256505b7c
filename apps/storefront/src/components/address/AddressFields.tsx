import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import type { ShippingAddress, ShippingCountry } from '../../lib/models';
import { ADDRESS_FIELDS, firstInvalid, type AddressErrors, type AddressField } from './address-form';

/**
 * The messages of an address form and the refs of its inputs. `showErrors` marks the fields and then moves the focus
 * to the first invalid one (once the marked fields are on screen); `clearError` drops a field's message as it is edited.
 */
export function useAddressErrors() {
  const inputs = useRef<Partial<Record<AddressField, HTMLInputElement | HTMLSelectElement | null>>>({});
  const [errors, setErrors] = useState<AddressErrors>({});
  const [focusRequest, setFocusRequest] = useState(0);
  // Only a new request moves the focus, not every edit of the errors: the effect reads them through a ref.
  const latestErrors = useRef(errors);
  useEffect(() => {
    latestErrors.current = errors;
  }, [errors]);
  useEffect(() => {
    const field = firstInvalid(latestErrors.current);
    if (focusRequest && field) inputs.current[field]?.focus();
  }, [focusRequest]);
  return {
    inputs,
    errors,
    showErrors: (next: AddressErrors) => {
      setErrors(next);
      setFocusRequest((n) => n + 1);
    },
    clearErrors: () => setErrors({}),
    clearError: (field: AddressField) => setErrors(({ [field]: _edited, ...rest }) => rest),
  };
}

interface AddressFieldsProps {
  value: ShippingAddress;
  onChange: (next: ShippingAddress) => void;
  /** The form's messages and inputs (useAddressErrors): a field's message is cleared once it is edited. */
  checks: Pick<ReturnType<typeof useAddressErrors>, 'errors' | 'clearError' | 'inputs'>;
  countries: readonly ShippingCountry[];
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
}

/**
 * The six fields of a shipping address, each marked with its message when invalid (MUI error + helper text, which
 * sets aria-invalid and aria-describedby); the country is a native select of the countries the shop ships to.
 */
export function AddressFields({ value, onChange, checks: { errors, clearError, inputs }, countries, idPrefix }: AddressFieldsProps) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {ADDRESS_FIELDS.map(({ key, label, autoComplete, max }) => {
        const common = {
          id: `${idPrefix}-${key}`,
          label,
          value: value[key],
          autoComplete,
          required: true,
          error: !!errors[key],
          helperText: errors[key],
          inputRef: (el: HTMLInputElement | HTMLSelectElement | null) => {
            inputs.current[key] = el;
          },
          onChange: (e: React.ChangeEvent<{ value: string }>) => {
            onChange({ ...value, [key]: e.target.value });
            clearError(key);
          },
          sx: key === 'address' ? { gridColumn: { sm: '1 / -1' } } : undefined,
        };
        if (key === 'country')
          return (
            <TextField key={key} {...common} select slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
              <option value="">Choose a country</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </TextField>
          );
        return <TextField key={key} {...common} type={key === 'phone' ? 'tel' : 'text'} slotProps={{ htmlInput: { maxLength: max } }} />;
      })}
    </Box>
  );
}
