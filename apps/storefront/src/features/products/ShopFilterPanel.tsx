import SearchIcon from '@mui/icons-material/Search';
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
import { useId, useState, type ReactNode } from 'react';
import { useCategoriesCompatAllQuery } from '../../lib/shop-api';
import { facetOptions, type FacetOption } from './facet-options';
import type { SearchFacets } from '../../lib/models';
import { PRICE_RANGES, toggleValue, type ListFacet, type ShopFilters } from './shop-filters';

/** A facet shows this many values until "Show all" (the ticked ones always show). */
export const FACET_VALUES_SHOWN = 8;
/** Rows held while a facet's values load, so that what is below does not jump when they arrive. */
const PLACEHOLDER_ROWS = 4;

export interface ShopFilterPanelProps {
  /** h2 in the page's side panel, h3 under the drawer's own "Filters" heading. */
  headingLevel: 'h2' | 'h3';
  search: string;
  onSearchChange: (value: string) => void;
  onSearchSubmit: () => void;
  filters: ShopFilters;
  onChange: (next: ShopFilters) => void;
  /** The counts of GET /api/search for the current search and filters; undefined until they arrive. */
  facets: SearchFacets | undefined;
  /** The search failed: no counts will come (the facets are shown without them where known). */
  facetsFailed?: boolean;
  onReset: () => void;
}

/** The text of a value with its count: "40 (3)"; the count is left out while unknown. */
function countedLabel(label: string, count: number | undefined): ReactNode {
  if (count === undefined) return label;
  return (
    <>
      {label}{' '}
      <Box component="span" sx={{ color: 'text.secondary' }}>
        ({count})
      </Box>
    </>
  );
}

function accessibleName(prefix: string | undefined, label: string, count: number | undefined): string {
  return `${prefix ? `${prefix} ` : ''}${label}${count === undefined ? '' : ` (${count})`}`;
}

interface FacetGroupProps {
  title: string;
  headingLevel: 'h2' | 'h3';
  options: FacetOption[];
  loading: boolean;
  /** Said before each value's name to a screen reader when the value alone is unclear ("Size 40 (3)"). */
  prefix?: string;
  onToggle: (value: string) => void;
  testId: string;
}

/** One facet: its heading and a checkbox per value, with the count of products each would show. */
function FacetGroup({ title, headingLevel, options, loading, prefix, onToggle, testId }: FacetGroupProps) {
  const headingId = useId();
  const [showAll, setShowAll] = useState(false);
  if (!loading && options.length === 0) return null;
  const hidden = options.length - FACET_VALUES_SHOWN;
  const shown = showAll || hidden <= 0 ? options : options.filter((o, i) => i < FACET_VALUES_SHOWN || o.selected);
  return (
    <Box sx={{ mt: 2 }} data-testid={testId}>
      <Typography component={headingLevel} variant="subtitle1" sx={{ fontWeight: 700 }} id={headingId}>
        {title}
      </Typography>
      <FormGroup role="group" aria-labelledby={headingId} aria-busy={loading && options.length === 0}>
        {loading && options.length === 0 && Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => <Skeleton key={i} height={42} width="70%" />)}
        {shown.map((o) => (
          <FormControlLabel
            key={o.value}
            sx={{ minWidth: 0, '& .MuiFormControlLabel-label': { minWidth: 0, overflowWrap: 'anywhere' } }}
            control={
              <Checkbox
                value={o.value}
                checked={o.selected}
                // A value that would show nothing with the other filters stays visible but cannot be ticked.
                disabled={!o.selected && o.count === 0}
                onChange={() => onToggle(o.value)}
                slotProps={{ input: { 'aria-label': accessibleName(prefix, o.label, o.count) } }}
              />
            }
            label={countedLabel(o.label, o.count)}
          />
        ))}
      </FormGroup>
      {hidden > 0 && (
        <Button size="small" onClick={() => setShowAll((s) => !s)} aria-expanded={showAll} sx={{ px: 0.5 }}>
          {showAll ? 'Show fewer' : `Show all ${options.length}`}
        </Button>
      )}
    </Box>
  );
}

/**
 * The shop's filters: the search box, in-stock, the categories, the price ranges, brands, sizes and colours, each
 * value with the number of products it would show (GET /api/search's facets), and Reset filters. Shown in the
 * side panel on wide screens and in the filter drawer on small ones (each with its own ids).
 */
export function ShopFilterPanel({
  headingLevel,
  search,
  onSearchChange,
  onSearchSubmit,
  filters,
  onChange,
  facets,
  facetsFailed = false,
  onReset,
}: ShopFilterPanelProps) {
  const priceId = useId();
  const availabilityId = useId();
  // The names of ticked categories that the counts leave out (they would show nothing with the other filters).
  const { data: categories } = useCategoriesCompatAllQuery();
  const loading = !facets && !facetsFailed;
  const list = (facet: ListFacet, names?: ReadonlyMap<string, string>) => facetOptions(facets?.[facet], filters[facet], names);
  const categoryNames = new Map((categories ?? []).map((c) => [c._id, c.name]));
  const toggle = (facet: ListFacet) => (value: string) => onChange(toggleValue(filters, facet, value));
  const priceCount = (value: string) => (facets ? (facets.price.find((p) => p.value === value)?.count ?? 0) : undefined);
  const inStockCount = facets ? (facets.inStock.find((v) => v.value === 'true')?.count ?? 0) : undefined;
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
            htmlInput: { 'data-testid': 'shop-search', enterKeyHint: 'search' },
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
      <Typography component={headingLevel} variant="subtitle1" sx={{ fontWeight: 700, mt: 3 }} id={availabilityId}>
        Availability
      </Typography>
      <FormGroup role="group" aria-labelledby={availabilityId}>
        <FormControlLabel
          control={
            <Checkbox
              checked={filters.inStock}
              onChange={() => onChange({ ...filters, inStock: !filters.inStock })}
              slotProps={{ input: { 'aria-label': accessibleName(undefined, 'In stock', inStockCount) } }}
            />
          }
          label={countedLabel('In stock', inStockCount)}
        />
      </FormGroup>
      <FacetGroup
        title="Categories"
        headingLevel={headingLevel}
        options={list('category', categoryNames)}
        loading={loading}
        onToggle={toggle('category')}
        testId="facet-category"
      />
      <Typography component={headingLevel} variant="subtitle1" sx={{ fontWeight: 700, mt: 2 }} id={priceId}>
        Price
      </Typography>
      <RadioGroup aria-labelledby={priceId} value={filters.price} onChange={(e) => onChange({ ...filters, price: e.target.value })}>
        {PRICE_RANGES.map((r, i) => {
          const count = priceCount(r.value);
          return (
            <FormControlLabel
              key={r.value}
              value={String(i)}
              control={<Radio slotProps={{ input: { 'aria-label': accessibleName(undefined, r.label, count) } }} />}
              label={countedLabel(r.label, count)}
            />
          );
        })}
      </RadioGroup>
      <FacetGroup
        title="Brand"
        headingLevel={headingLevel}
        options={list('brand')}
        loading={loading}
        onToggle={toggle('brand')}
        testId="facet-brand"
      />
      <FacetGroup
        title="Size"
        headingLevel={headingLevel}
        options={list('size')}
        loading={loading}
        prefix="Size"
        onToggle={toggle('size')}
        testId="facet-size"
      />
      <FacetGroup
        title="Colour"
        headingLevel={headingLevel}
        options={list('colour')}
        loading={loading}
        prefix="Colour"
        onToggle={toggle('colour')}
        testId="facet-colour"
      />
      <Button fullWidth variant="outlined" sx={{ mt: 2 }} onClick={onReset}>
        Reset filters
      </Button>
    </>
  );
}
