import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import StarIcon from '@mui/icons-material/Star';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import InputAdornment from '@mui/material/InputAdornment';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import Skeleton from '@mui/material/Skeleton';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useEffect, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/store';
import { errorMessage } from '../../lib/api';
import { usePageMeta } from '../../lib/meta';
import { AddProductModal } from '../distributor/AddProductModal';
import { ProductGrid, ProductSkeletonGrid } from './ProductCard';
import { useCategoriesCompatAllQuery } from '../../lib/shop-api';
import { useFilteredProductsQuery, useProductsQuery } from './products-api';
import { PRICE_RANGES, SHOP_PAGE_SIZE, pageCount } from './shop-filters';

/** About the number of categories of a typical shop. */
const CATEGORY_PLACEHOLDERS = 8;

export default function ShopPage() {
  usePageMeta('Shop', 'Browse Threadline clothing and accessories: search, filter by category and price.');
  const { keyword, categoryId } = useParams();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? keyword ?? '';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const [draft, setDraft] = useState(search);
  const [checked, setChecked] = useState<string[]>(categoryId ? [categoryId] : []);
  const [radio, setRadio] = useState<string>('');
  const [addOpen, setAddOpen] = useState(false);
  const userInfo = useAppSelector((s) => s.session.userInfo);
  const canAdd = !!(userInfo?.isDistributor || userInfo?.isAdmin);

  useEffect(() => setDraft(search), [search]);
  useEffect(() => setChecked(categoryId ? [categoryId] : []), [categoryId]);

  const filtering = checked.length > 0 || radio !== '';
  const { data: categoryData, error: categoriesError } = useCategoriesCompatAllQuery();
  // Rendered in the background (a transition, which yields to the browser) when they arrive.
  const deferredCategories = useDeferredValue(categoryData);
  const categories = deferredCategories ?? [];
  const categoriesLoading = !deferredCategories && !categoriesError;
  const list = useProductsQuery({ search: search || undefined, page, pageSize: SHOP_PAGE_SIZE }, { skip: filtering });
  // The filters ask the server for one page too (categories, price and the search text).
  const range = radio === '' ? [] : PRICE_RANGES[Number(radio)].range;
  const filtered = useFilteredProductsQuery({ checked, radio: range, search: search || undefined, page, pageSize: SHOP_PAGE_SIZE }, { skip: !filtering });
  const current = filtering ? filtered : list;

  // A page of products renders in the background (a transition, which yields to the browser) when it arrives;
  // the last page stays on screen while the next one loads.
  const shown = useDeferredValue(current.data);
  const error = current.error;
  const loading = !shown && !error;
  const products = shown?.products ?? [];
  const total = shown?.total ?? 0;

  const setPage = (next: number) => {
    const p = new URLSearchParams(params);
    if (next > 1) p.set('page', String(next));
    else p.delete('page');
    setParams(p);
    window.scrollTo({ top: 0 });
  };

  const onSearch = (e: React.FormEvent) => {
    e.preventDefault();
    const p = new URLSearchParams();
    if (draft.trim()) p.set('search', draft.trim());
    setParams(p);
  };

  const toggleCategory = (id: string) => {
    setChecked((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
    setPage(1);
  };

  return (
    <Container maxWidth="xl" sx={{ py: 4 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 3 }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          Shop
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to="/specialshop" variant="outlined" startIcon={<StarIcon />}>
            Exclusive products
          </Button>
          {canAdd && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAddOpen(true)}>
              Add New Product
            </Button>
          )}
        </Stack>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Paper component="aside" variant="outlined" aria-label="Filters" sx={{ p: 2.5, width: { xs: '100%', md: 260 }, flexShrink: 0, borderRadius: 3 }}>
          <Box component="form" role="search" onSubmit={onSearch}>
            <TextField
              label="Search products"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
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
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mt: 3 }}>
            Categories
          </Typography>
          {categoriesError && <Alert severity="error">{errorMessage(categoriesError, 'Failed to load categories')}</Alert>}
          <FormGroup aria-busy={categoriesLoading}>
            {/* Rows held while the categories load, so the price filter below does not jump when they arrive. */}
            {categoriesLoading && Array.from({ length: CATEGORY_PLACEHOLDERS }, (_, i) => <Skeleton key={i} height={42} width="70%" />)}
            {categories.map((c) => (
              <FormControlLabel key={c._id} control={<Checkbox checked={checked.includes(c._id)} onChange={() => toggleCategory(c._id)} />} label={c.name} />
            ))}
          </FormGroup>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mt: 2 }} id="price-filter">
            Price
          </Typography>
          <RadioGroup aria-labelledby="price-filter" value={radio} onChange={(e) => { setRadio(e.target.value); setPage(1); }}>
            {PRICE_RANGES.map((r, i) => (
              <FormControlLabel key={r.label} value={String(i)} control={<Radio />} label={r.label} />
            ))}
          </RadioGroup>
          <Button
            fullWidth
            variant="outlined"
            sx={{ mt: 2 }}
            onClick={() => {
              setChecked([]);
              setRadio('');
              setParams(new URLSearchParams());
            }}
          >
            Reset filters
          </Button>
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }} aria-busy={current.isFetching}>
          <Typography color="text.secondary" sx={{ mb: 2 }} aria-live="polite">
            {loading ? 'Loading products…' : `${total} product${total === 1 ? '' : 's'}${search ? ` for “${search}”` : ''}`}
          </Typography>
          {loading ? (
            <ProductSkeletonGrid />
          ) : error ? (
            <Alert severity="error">{errorMessage(error, 'Failed to fetch products')}</Alert>
          ) : products.length === 0 ? (
            <Typography>No products found.</Typography>
          ) : (
            <ProductGrid products={products} />
          )}
          {pageCount(total) > 1 && (
            <Stack sx={{ alignItems: 'center', mt: 4 }}>
              <Pagination count={pageCount(total)} page={page} onChange={(_, p) => setPage(p)} color="primary" aria-label="Product pages" />
            </Stack>
          )}
        </Box>
      </Stack>
      {canAdd && <AddProductModal open={addOpen} onClose={() => setAddOpen(false)} />}
    </Container>
  );
}
