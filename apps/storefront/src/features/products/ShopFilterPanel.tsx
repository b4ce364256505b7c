import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useId } from 'react';
import { errorMessage } from '../../lib/api';
import { useCategoriesCompatAllQuery } from '../../lib/shop-api';
import { PRICE_RANGES } from './shop-filters';

/** About the number of categories of a typical shop. */
const CATEGORY_PLACEHOLDERS = 8;

export interface ShopFilterPanelProps {
  /** h2 in the page's side panel, h3 under the drawer's own "Filters" heading. */
  headingLevel: 'h2' | 'h3';
  search: string;
  onSearchChange: (value: string) => void;
  onSearchSubmit: () => void;
  checked: readonly string[];
  onToggleCategory: (id: string) => void;
  /** The index of the price range in PRICE_RANGES, '' for any price. */
  radio: string;
  onRadioChange: (value: string) => void;
  onReset: () => void;
}

/**
 * The shop's filters: the search box, the categories and the price ranges, and Reset filters. Shown in the side
 * panel on wide screens and in the filter drawer on small ones (each with its own ids).
 */
export function ShopFilterPanel({ headingLevel, search, onSearchChange, onSearchSubmit, checked, onToggleCategory, radio, onRadioChange, onReset }: ShopFilterPanelProps) {
  const priceId = useId();
  const { data: categoryData, error: categoriesError } = useCategoriesCompatAllQuery();
  // Rendered in the background (a transition, which yields to the browser) when they arrive.
  const deferredCategories = useDeferredValue(categoryData);
  const categories = deferredCategories ?? [];
  const categoriesLoading = !deferredCategories && !categoriesError;
  return (
    <>
      <Box
        component="form"
        role="search"
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          onSearchSubmit();
        }}
      >
        <TextField
          label="Search products"
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
          size="small"
          fullWidth
          slotProps={{
            htmlInput: { 'data-testid': 'shop-search' },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Button type="submit" size="small" aria-label="Search" sx={{ minWidth: 0 }}>
                    <SearchIcon />
                  </Button>
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Typography component={headingLevel} variant="subtitle1" sx={{ fontWeight: 700, mt: 3 }}>
        Categories
      </Typography>
      {categoriesError && <Alert severity="error">{errorMessage(categoriesError, 'Failed to load categories')}</Alert>}
      <FormGroup aria-busy={categoriesLoading}>
        {/* Rows held while the categories load, so the price filter below does not jump when they arrive. */}
        {categoriesLoading && Array.from({ length: CATEGORY_PLACEHOLDERS }, (_, i) => <Skeleton key={i} height={42} width="70%" />)}
        {categories.map((c) => (
          <FormControlLabel key={c._id} control={<Checkbox value={c._id} checked={checked.includes(c._id)} onChange={() => onToggleCategory(c._id)} />} label={c.name} />
        ))}
      </FormGroup>
      <Typography component={headingLevel} variant="subtitle1" sx={{ fontWeight: 700, mt: 2 }} id={priceId}>
        Price
      </Typography>
      <RadioGroup aria-labelledby={priceId} value={radio} onChange={(e) => onRadioChange(e.target.value)}>
        {PRICE_RANGES.map((r, i) => (
          <FormControlLabel key={r.label} value={String(i)} control={<Radio />} label={r.label} />
        ))}
      </RadioGroup>
      <Button fullWidth variant="outlined" sx={{ mt: 2 }} onClick={onReset}>
        Reset filters
      </Button>
    </>
  );
}
