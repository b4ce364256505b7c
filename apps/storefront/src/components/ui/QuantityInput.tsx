import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useId, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { commitDraft, effectiveMax, parseDraft, sanitizeDraft, stepQuantity } from './quantity-logic';

export interface QuantityInputProps {
  /** The committed quantity. */
  value: number;
  /** Called with a new quantity, within min..max, once an edit is committed (blur, Enter, arrows, − and +). */
  onChange: (quantity: number) => void;
  /** The stock, if known: the highest quantity the field lets through. */
  max?: number;
  min?: number;
  /** Visible label. */
  label?: string;
  /** What is counted, for the accessible names when a page has several fields ('Quantity of Oxford Shirt'). */
  itemName?: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
}

/**
 * A quantity field that behaves like a number field: select and type, clear it while typing, arrow keys and
 * − / + buttons; the typed number is clamped to min..max (the stock) when the edit is committed.
 */
export function QuantityInput({ value, onChange, max, min = 1, label = 'Quantity', itemName, disabled, size = 'small' }: QuantityInputProps) {
  const id = useId();
  // null: not editing, the field shows the committed value. A string: what the shopper is typing.
  const [draft, setDraft] = useState<string | null>(null);
  const upper = effectiveMax(min, max);
  const shown = draft ?? String(value);
  const shownNumber = parseDraft(shown);
  const of = itemName ? ` of ${itemName}` : '';

  const commit = (next: number) => {
    setDraft(null);
    if (next !== value) onChange(next);
  };
  const step = (delta: number) => commit(stepQuantity(shown, value, delta, min, max));

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, () => number> = {
      ArrowUp: () => stepQuantity(shown, value, 1, min, max),
      ArrowDown: () => stepQuantity(shown, value, -1, min, max),
      PageUp: () => stepQuantity(shown, value, 10, min, max),
      PageDown: () => stepQuantity(shown, value, -10, min, max),
      Home: () => min,
      Enter: () => commitDraft(shown, value, min, max),
    };
    if (e.key === 'End' && Number.isFinite(upper)) moves.End = () => upper;
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    commit(move());
  };

  return (
    <TextField
      id={id}
      label={label}
      size={size}
      value={shown}
      disabled={disabled}
      onChange={(e) => setDraft(sanitizeDraft(e.target.value))}
      onFocus={(e: FocusEvent<HTMLInputElement>) => e.target.select()}
      onBlur={() => {
        if (draft !== null) commit(commitDraft(draft, value, min, max));
      }}
      onKeyDown={onKeyDown}
      sx={{ width: size === 'small' ? 136 : 160, flexShrink: 0 }}
      slotProps={{
        input: {
          sx: { px: 0.5, '& input': { textAlign: 'center', px: 0 } },
          startAdornment: (
            <InputAdornment position="start" sx={{ mr: 0 }}>
              <IconButton
                size="small"
                aria-label={`Decrease quantity${of}`}
                aria-controls={id}
                disabled={disabled || (shownNumber ?? value) <= min}
                onClick={() => step(-1)}
                edge="start"
              >
                <RemoveIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
          endAdornment: (
            <InputAdornment position="end" sx={{ ml: 0 }}>
              <IconButton
                size="small"
                aria-label={`Increase quantity${of}`}
                aria-controls={id}
                disabled={disabled || (shownNumber ?? value) >= upper}
                onClick={() => step(1)}
                edge="end"
              >
                <AddIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
        htmlInput: {
          inputMode: 'numeric',
          pattern: '[0-9]*',
          role: 'spinbutton',
          autoComplete: 'off',
          'aria-label': itemName ? `${label}${of}` : undefined,
          'aria-valuemin': min,
          'aria-valuemax': Number.isFinite(upper) ? upper : undefined,
          'aria-valuenow': shownNumber ?? undefined,
        },
      }}
    />
  );
}
