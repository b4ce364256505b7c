import TextField from '@mui/material/TextField';
import { parseShopSort, SHOP_SORT_OPTIONS, type ShopSort } from './shop-sort';

/** The shop's order, on every width: a native select (the phone's own picker on touch screens). */
export function ShopSortSelect({ value, onChange }: { value: ShopSort; onChange: (sort: ShopSort) => void }) {
  return (
    <TextField
      select
      label="Sort by"
      size="small"
      value={value}
      onChange={(e) => onChange(parseShopSort(e.target.value))}
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'shop-sort' } }}
      sx={{ minWidth: { xs: 0, sm: 200 }, flex: { xs: 1, sm: 'none' }, maxWidth: 240 }}
    >
      {SHOP_SORT_OPTIONS.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}
