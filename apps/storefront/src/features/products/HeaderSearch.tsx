import CategoryIcon from '@mui/icons-material/Category';
import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatPrice } from '../../lib/format';
import { Thumbnail } from '../../components/ui/Thumbnail';
import { useCategoriesCompatAllQuery } from '../../lib/shop-api';
import { useSearchQuery } from './products-api';
import {
  MAX_PRODUCT_SUGGESTIONS,
  SUGGESTION_DEBOUNCE_MS,
  SUGGESTION_MIN_CHARS,
  buildSuggestions,
  searchPath,
  suggestionGroup,
  suggestionPath,
  type Suggestion,
} from './search-suggestions';

/** The value once it has stayed the same for `delay` ms (the suggestions ask the server once typing pauses). */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export const HEADER_SEARCH_LABEL = 'Search the shop';

/**
 * The header's search: a combobox (MUI Autocomplete, keyboard usable) suggesting categories and products as the
 * shopper types. A product leads to its page, a category to the shop filtered by it; Enter with text opens the
 * shop's search for it.
 */
export default function HeaderSearch() {
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const typed = input.trim();
  const term = useDebounced(typed, SUGGESTION_DEBOUNCE_MS);
  const ready = term.length >= SUGGESTION_MIN_CHARS && typed.length >= SUGGESTION_MIN_CHARS;
  // The shop's search (relevance first, typos tolerated): its first few hits.
  const products = useSearchQuery({ q: term, pageSize: MAX_PRODUCT_SUGGESTIONS }, { skip: term.length < SUGGESTION_MIN_CHARS });
  // The categories (one small list) load once the shopper starts typing.
  const categories = useCategoriesCompatAllQuery(undefined, { skip: typed.length === 0 && !open });
  const options = useMemo(
    () => (ready ? buildSuggestions(term, categories.data ?? [], products.data?.hits ?? [], products.data?.suggestion ?? null) : []),
    [ready, term, categories.data, products.data],
  );
  const loading = typed.length >= SUGGESTION_MIN_CHARS && (term !== typed || products.isFetching) && options.length === 0;

  const go = (path: string | null) => {
    if (!path) return;
    setOpen(false);
    void navigate(path);
  };

  return (
    <Box role="search" aria-label="Site search" sx={{ width: '100%' }}>
      <Autocomplete<Suggestion, false, false, true>
        freeSolo
        id="header-search"
        size="small"
        options={options}
        // The server already searched the products, and buildSuggestions the categories.
        filterOptions={(list) => list}
        groupBy={suggestionGroup}
        getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
        value={null}
        inputValue={input}
        onInputChange={(_, value) => setInput(value)}
        open={open && typed.length >= SUGGESTION_MIN_CHARS}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        loading={loading}
        loadingText="Searching…"
        noOptionsText="No matching products or categories"
        clearOnBlur={false}
        handleHomeEndKeys
        blurOnSelect
        onChange={(_, value) => {
          if (value === null) return;
          if (typeof value === 'string') {
            setInput(value.trim());
            go(searchPath(value));
          } else {
            setInput(value.kind === 'correction' ? value.label : '');
            go(suggestionPath(value));
          }
        }}
        renderOption={(props, option) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <Box
              component="li"
              key={key}
              {...rest}
              sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}
              data-testid={`suggestion-${option.kind}`}
            >
              {option.kind === 'product' ? (
                <Thumbnail image={option.image} size={40} radius={1} />
              ) : option.kind === 'category' ? (
                <CategoryIcon fontSize="small" sx={{ mx: 1.25, color: 'text.secondary' }} />
              ) : (
                <SearchIcon fontSize="small" sx={{ mx: 1.25, color: 'text.secondary' }} />
              )}
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography noWrap>{option.label}</Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {option.kind === 'product'
                    ? formatPrice(option.price)
                    : option.kind === 'category'
                      ? 'Shop this category'
                      : 'Search for this instead'}
                </Typography>
              </Box>
            </Box>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            placeholder="Search products and categories"
            slotProps={{
              ...params.slotProps,
              input: {
                ...params.slotProps.input,
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { ...params.slotProps.htmlInput, 'aria-label': HEADER_SEARCH_LABEL, enterKeyHint: 'search' },
            }}
          />
        )}
      />
    </Box>
  );
}
