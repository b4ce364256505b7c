import AddIcon from '@mui/icons-material/Add';
import StarIcon from '@mui/icons-material/Star';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useAppSelector } from '../../app/store';
import { errorMessage } from '../../lib/api';
import { usePageMeta } from '../../lib/meta';
import { AddProductModal } from '../distributor/AddProductModal';
import { useFilteredProductsQuery, useProductsQuery } from './products-api';
import { PRICE_RANGES, SHOP_PAGE_SIZE, filtersOf, pageCount, withFilters, withSearch, type ShopFilters } from './shop-filters';
import { ShopFilterDrawer } from './ShopFilterDrawer';
import { ShopFilterPanel } from './ShopFilterPanel';
import { ShopProductGrid, ShopSkeletonGrid } from './ShopGrid';
import { ShopSortSelect } from './ShopSortSelect';
import { listSort, parseShopSort, withSort } from './shop-sort';
import { VISUALLY_HIDDEN } from '../../components/ui/visually-hidden';
import { useLiveSearchParams } from '../../lib/live-search-params';

export default function ShopPage() {
  usePageMeta('Shop', 'Browse Threadline clothing and accessories: search, filter by category and price.');
  const { keyword, categoryId } = useParams();
  const [params, changeParams] = useLiveSearchParams();
  const search = params.get('search') ?? keyword ?? '';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const sort = parseShopSort(params.get('sort'));
  const [draft, setDraft] = useState(search);
  // The filters live in the address (?category=, ?price=): a filtered shop can be reloaded, shared and gone back to.
  // A change shows at once (`pending`), before the router's render of the new address (a transition) commits.
  const [pending, setPending] = useState<ShopFilters | null>(null);
  useEffect(() => setPending(null), [params]);
  const { checked, radio } = pending ?? filtersOf(params, categoryId);
  const [addOpen, setAddOpen] = useState(false);
  const userInfo = useAppSelector((s) => s.session.userInfo);
  const canAdd = !!(userInfo?.isDistributor || userInfo?.isAdmin);

  useEffect(() => setDraft(search), [search]);

  const filtering = checked.length > 0 || radio !== '';
  const list = useProductsQuery({ search: search || undefined, page, pageSize: SHOP_PAGE_SIZE, sort: listSort(sort) }, { skip: filtering });
  // The filters ask the server for one page too (categories, price and the search text).
  const range = radio === '' ? [] : PRICE_RANGES[Number(radio)].range;
  const filtered = useFilteredProductsQuery({ checked, radio: range, search: search || undefined, page, pageSize: SHOP_PAGE_SIZE, ...(sort === 'newest' ? {} : { sort }) }, { skip: !filtering });
  const current = filtering ? filtered : list;

  // A page of products renders in the background (a transition, which yields to the browser) when it arrives;
  // the last page stays on screen while the next one loads.
  const shown = useDeferredValue(current.data);
  const error = current.error;
  const loading = !shown && !error;
  const products = shown?.products ?? [];
  const total = shown?.total ?? 0;

  const setPage = (next: number) => {
    changeParams((current) => {
      const p = new URLSearchParams(current);
      if (next > 1) p.set('page', String(next));
      else p.delete('page');
      return p;
    });
    window.scrollTo({ top: 0 });
  };

  const onSearch = () => changeParams((current) => withSearch(current, draft));
  const setFilters = (change: (current: ShopFilters) => ShopFilters) => {
    changeParams((current) => {
      const next = change(filtersOf(current, categoryId));
      setPending(next);
      return withFilters(current, next, categoryId);
    });
    window.scrollTo({ top: 0 });
  };

  const toggleCategory = (id: string) => setFilters((f) => ({ ...f, checked: f.checked.includes(id) ? f.checked.filter((x) => x !== id) : [...f.checked, id] }));

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
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0, md: 3 }} sx={{ alignItems: 'flex-start' }}>
        <Paper component="aside" variant="outlined" aria-label="Filters" sx={{ p: 2.5, width: 260, flexShrink: 0, borderRadius: 3, display: { xs: 'none', md: 'block' } }}>
          <ShopFilterPanel
            headingLevel="h2"
            search={draft}
            onSearchChange={setDraft}
            onSearchSubmit={onSearch}
            checked={checked}
            onToggleCategory={toggleCategory}
            radio={radio}
            onRadioChange={(value) => setFilters((f) => ({ ...f, radio: value }))}
            onReset={() => {
              // Everything but the order goes (a category route's own category too).
              setPending({ checked: [], radio: '' });
              changeParams((current) => withFilters(withSort(new URLSearchParams(), parseShopSort(current.get('sort'))), { checked: [], radio: '' }, categoryId));
            }}
          />
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }} aria-busy={current.isFetching}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: { xs: 'space-between', md: 'flex-end' }, mb: 2 }}>
            <ShopFilterDrawer
              value={{ checked, radio, search }}
              onApply={(next) => {
                setPending({ checked: next.checked, radio: next.radio });
                changeParams((current) => withFilters(next.search === (current.get('search') ?? keyword ?? '') ? current : withSearch(current, next.search), next, categoryId));
              }}
            />
            <ShopSortSelect value={sort} onChange={(next) => changeParams((current) => withSort(current, next))} />
          </Stack>
          {/* The cards' names are h3: on a phone the filters' h2s are in the drawer, so the grid has its own h2. */}
          <Typography component="h2" sx={VISUALLY_HIDDEN}>
            Products
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }} aria-live="polite">
            {loading ? 'Loading products…' : `${total} product${total === 1 ? '' : 's'}${search ? ` for “${search}”` : ''}`}
          </Typography>
          {loading ? (
            <ShopSkeletonGrid />
          ) : error ? (
            <Alert severity="error">{errorMessage(error, 'Failed to fetch products')}</Alert>
          ) : products.length === 0 ? (
            <Typography>No products found.</Typography>
          ) : (
            <ShopProductGrid products={products} />
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
