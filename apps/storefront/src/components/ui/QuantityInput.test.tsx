import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QuantityInput, type QuantityInputProps } from './QuantityInput';

/** The field as a page uses it: the page keeps the committed quantity and hands it back. */
function Controlled({ initial, onChange, ...props }: Omit<QuantityInputProps, 'value'> & { initial: number }) {
  const [value, setValue] = useState(initial);
  return (
    <QuantityInput
      {...props}
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

function setup(props: Partial<Omit<QuantityInputProps, 'value' | 'onChange'>> & { initial?: number } = {}) {
  const onChange = vi.fn<(quantity: number) => void>();
  const user = userEvent.setup();
  render(<Controlled initial={props.initial ?? 2} onChange={onChange} itemName="Oxford Shirt" {...props} />);
  return {
    onChange,
    user,
    field: screen.getByRole('spinbutton', { name: 'Quantity of Oxford Shirt' }) as HTMLInputElement,
    minus: screen.getByRole('button', { name: 'Decrease quantity of Oxford Shirt' }) as HTMLButtonElement,
    plus: screen.getByRole('button', { name: 'Increase quantity of Oxford Shirt' }) as HTMLButtonElement,
  };
}

describe('QuantityInput', () => {
  it('shows the quantity as a spin button with its bounds, named after the item', () => {
    const { field } = setup({ initial: 2, max: 5 });
    expect(field.value).toBe('2');
    expect(field.getAttribute('aria-valuenow')).toBe('2');
    expect(field.getAttribute('aria-valuemin')).toBe('1');
    expect(field.getAttribute('aria-valuemax')).toBe('5');
  });

  it('steps with − and +, reporting each new quantity', async () => {
    const { field, minus, plus, onChange, user } = setup({ initial: 2, max: 5 });
    await user.click(plus);
    expect(onChange).toHaveBeenLastCalledWith(3);
    expect(field.value).toBe('3');
    await user.click(minus);
    await user.click(minus);
    expect(onChange.mock.calls.map(([q]) => q)).toEqual([3, 2, 1]);
    expect(field.value).toBe('1');
  });

  it('disables − at the minimum and + at the stock', async () => {
    const { minus, plus, user } = setup({ initial: 1, max: 2 });
    expect(minus.disabled).toBe(true);
    expect(plus.disabled).toBe(false);
    await user.click(plus);
    expect(plus.disabled).toBe(true);
    expect(minus.disabled).toBe(false);
  });

  it('lets the shopper type a number and clamps it to the stock only when the edit is committed', async () => {
    const { field, onChange, user } = setup({ initial: 2, max: 10 });
    await user.clear(field);
    await user.type(field, '2x5');
    // Digits only while typing, and nothing reported yet.
    expect(field.value).toBe('25');
    expect(onChange).not.toHaveBeenCalled();
    await user.tab();
    expect(onChange).toHaveBeenCalledExactlyOnceWith(10);
    expect(field.value).toBe('10');
  });

  it('keeps the quantity when the field is cleared and left empty', async () => {
    const { field, onChange, user } = setup({ initial: 4 });
    await user.clear(field);
    expect(field.value).toBe('');
    await user.tab();
    expect(field.value).toBe('4');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('answers the keyboard: arrows step, Home and End jump to the bounds, Enter commits', async () => {
    const { field, onChange, user } = setup({ initial: 3, max: 8 });
    await user.click(field);
    await user.keyboard('{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith(4);
    await user.keyboard('{End}');
    expect(onChange).toHaveBeenLastCalledWith(8);
    await user.keyboard('{Home}');
    expect(onChange).toHaveBeenLastCalledWith(1);
    await user.clear(field);
    await user.type(field, '6{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(6);
    expect(field.value).toBe('6');
  });

  it('lets nothing change while disabled', async () => {
    const { field, minus, plus, onChange } = setup({ initial: 3, disabled: true });
    expect(field.disabled).toBe(true);
    expect(minus.disabled).toBe(true);
    expect(plus.disabled).toBe(true);
    // MUI also turns pointer events off on a disabled button: click it anyway, as a script could.
    const forced = userEvent.setup({ pointerEventsCheck: 0 });
    await forced.click(plus);
    await forced.type(field, '7');
    expect(onChange).not.toHaveBeenCalled();
    expect(field.value).toBe('3');
  });
});
