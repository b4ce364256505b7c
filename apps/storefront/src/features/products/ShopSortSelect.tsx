import TextField from '@mui/material/TextField';
import { parseShopSort, shopSortOptions, type ShopSort } from './shop-sort';

/**
 * The shop's order, on every width: a native select (the phone's own picker on touch screens). Relevance is
 * offered (and the default) only while there is a search text.
 */
export function ShopSortSelect({ value, hasQuery, onChange }: { value: ShopSort; hasQuery: boolean; onChange: (sort: ShopSort) => void }) {
  return (
    <TextField
      select
      label="Sort by"
      size="small"
      value={value}
      onChange={(e) => onChange(parseShopSort(e.target.value, hasQuery))}
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'shop-sort' } }}
      sx={{ minWidth: { xs: 0, sm: 200 }, flex: { xs: 1, sm: 'none' }, maxWidth: 240 }}
    >
      {shopSortOptions(hasQuery).map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}
