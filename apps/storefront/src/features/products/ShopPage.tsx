import AddIcon from '@mui/icons-material/Add';
import StarIcon from '@mui/icons-material/Star';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useAppSelector } from '../../lib/store-hooks';
import { errorMessage } from '../../lib/api';
import { usePageMeta } from '../../lib/meta';
import { AddProductModal } from './AddProductModal';
import { useSearchQuery } from './products-api';
import { NO_FILTERS, activeFilterCount, filtersOf, pageCount, searchArgsOf, withFilters, withSearch, type ShopFilters } from './shop-filters';
import { ShopFilterDrawer, type ShopFilterValues } from './ShopFilterDrawer';
import { ShopFilterPanel } from './ShopFilterPanel';
import { ShopProductGrid, ShopSkeletonGrid } from './ShopGrid';
import { ShopSortSelect } from './ShopSortSelect';
import { parseShopSort, withSort } from './shop-sort';
import { ShopNoResults } from './ShopNoResults';
import { VISUALLY_HIDDEN } from '../../components/ui/visually-hidden';
import { useLiveSearchParams } from '../../lib/live-search-params';

export default function ShopPage() {
  usePageMeta('Shop', 'Browse Threadline clothing and accessories: search, filter by category, brand, size, colour and price.');
  const { keyword, categoryId } = useParams();
  const [params, changeParams] = useLiveSearchParams();
  const search = params.get('search') ?? keyword ?? '';
  const hasQuery = search.trim() !== '';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const sort = parseShopSort(params.get('sort'), hasQuery);
  const [draft, setDraft] = useState(search);
  // The filters live in the address (?category=, ?brand=, ?size=, ?colour=, ?price=, ?inStock=): a filtered shop
  // can be reloaded, shared and gone back to. A change shows at once (`pending`), before the router's render of
  // the new address (a transition) commits.
  const [pending, setPending] = useState<ShopFilters | null>(null);
  useEffect(() => setPending(null), [params]);
  const filters = pending ?? filtersOf(params, categoryId);
  const [addOpen, setAddOpen] = useState(false);
  const userInfo = useAppSelector((s) => s.session.userInfo);
  const canAdd = !!(userInfo?.isDistributor || userInfo?.isAdmin);

  useEffect(() => setDraft(search), [search]);

  // One call for the grid, its total and the facets' counts: GET /api/search.
  const current = useSearchQuery(searchArgsOf({ search, filters, sort, page }));

  // A page of products renders in the background (a transition, which yields to the browser) when it arrives;
  // the last page stays on screen while the next one loads.
  const shown = useDeferredValue(current.data);
  const error = current.error;
  const loading = !shown && !error;
  const products = shown?.hits ?? [];
  const total = shown?.total ?? 0;
  const filtering = activeFilterCount(filters) > 0;

  /** The search text of an address (the route's keyword unless ?search= says otherwise). */
  const searchOf = (p: URLSearchParams) => p.get('search') ?? keyword ?? '';

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
  const setFilters = (next: ShopFilters) => {
    setPending(next);
    changeParams((current) => withFilters(current, next, categoryId));
    window.scrollTo({ top: 0 });
  };
  const clearFilters = () => setFilters(NO_FILTERS);
  const resetAll = () => {
    // Everything but the order goes (a category route's own category and the search text too).
    setPending(NO_FILTERS);
    changeParams((current) => {
      const next = new URLSearchParams();
      const kept = current.get('sort');
      const hasQueryAfter = (keyword ?? '').trim() !== '';
      if (kept && parseShopSort(kept, hasQueryAfter) === kept) next.set('sort', kept);
      return withFilters(withSort(next, parseShopSort(kept, hasQueryAfter), hasQueryAfter), NO_FILTERS, categoryId);
    });
  };
  const drawerArgs = (d: ShopFilterValues) =>
    searchArgsOf({ search: d.search, filters: d.filters, sort: parseShopSort(params.get('sort'), d.search.trim() !== ''), page: 1 });

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
        <Paper
          component="aside"
          variant="outlined"
          aria-label="Filters"
          sx={{ p: 2.5, width: 260, flexShrink: 0, borderRadius: 3, display: { xs: 'none', md: 'block' } }}
        >
          <ShopFilterPanel
            headingLevel="h2"
            search={draft}
            onSearchChange={setDraft}
            onSearchSubmit={onSearch}
            filters={filters}
            onChange={setFilters}
            facets={shown?.facets}
            facetsFailed={!!error && !shown}
            onReset={resetAll}
          />
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }} aria-busy={current.isFetching}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: { xs: 'space-between', md: 'flex-end' }, mb: 2 }}>
            <ShopFilterDrawer
              value={{ filters, search }}
              argsOf={drawerArgs}
              onApply={(next) => {
                setPending(next.filters);
                changeParams((current) =>
                  withFilters(next.search === searchOf(current) ? current : withSearch(current, next.search), next.filters, categoryId),
                );
              }}
            />
            <ShopSortSelect
              value={sort}
              hasQuery={hasQuery}
              onChange={(next) => changeParams((current) => withSort(current, next, searchOf(current).trim() !== ''))}
            />
          </Stack>
          {/* The cards' names are h3: on a phone the filters' h2s are in the drawer, so the grid has its own h2. */}
          <Typography component="h2" sx={VISUALLY_HIDDEN}>
            Products
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }} aria-live="polite" data-testid="shop-total">
            {loading ? 'Loading products…' : `${total} product${total === 1 ? '' : 's'}${search ? ` for “${search}”` : ''}`}
          </Typography>
          {/* A newer answer is on its way: the last one stays, under a thin bar (its height is always kept). */}
          <Box sx={{ height: 4, mb: 1 }}>{current.isFetching && !loading && <LinearProgress aria-label="Updating products" />}</Box>
          {loading ? (
            <ShopSkeletonGrid />
          ) : error && !shown ? (
            <Alert severity="error">{errorMessage(error, 'Failed to fetch products')}</Alert>
          ) : products.length === 0 ? (
            <ShopNoResults
              suggestion={shown?.suggestion ?? null}
              suggestionTo={`?${withSearch(params, shown?.suggestion ?? '').toString()}`}
              popular={shown?.popular ?? []}
              onClearFilters={filtering ? clearFilters : undefined}
            />
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
