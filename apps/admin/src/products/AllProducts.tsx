import { Alert, Box, Button, Card, CardContent, CardMedia, Checkbox, Chip, FormControlLabel, Grid, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  AutocompleteInput,
  BulkActionsToolbar,
  BulkDeleteButton,
  CreateButton,
  Link,
  List,
  Pagination,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SortButton,
  TopToolbar,
  useListContext,
} from 'react-admin';
import type { ProductRecord, UserRecord } from '../lib/api-types';
import { adminPath } from '../lib/paths';
import { excerpt, formatDate, formatPrice } from '../lib/format';
import { BulkCategoryButton, BulkStatusButton } from './ProductBulkButtons';
import { isLowStock, PRODUCT_STATUS_CHOICES, stockLabel, stockLevelChoices, useLowStockThreshold } from './productList';
import { ProductCsvActions } from './ProductCsvActions';

const PER_PAGE = 24;

const distributorText = (user: UserRecord) => (user ? `${user.username} (${user.email})` : '');

/** The list's filters, all in the URL (react-admin's filter=…): search, category, distributor, status, stock level. */
const filtersWith = (threshold: number | undefined) => [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search products" />,
  <ReferenceInput key="category" source="category" reference="categories" alwaysOn>
    <AutocompleteInput label="Category" optionText="name" sx={{ minWidth: 200 }} />
  </ReferenceInput>,
  <ReferenceInput key="owner" source="owner" reference="users" filter={{ isDistributor: true }} alwaysOn>
    <AutocompleteInput label="Distributor" optionText={distributorText} sx={{ minWidth: 220 }} />
  </ReferenceInput>,
  <SelectInput key="status" source="status" label="Status" choices={PRODUCT_STATUS_CHOICES} alwaysOn />,
  <SelectInput
    key="stock"
    source="stock"
    label="Stock"
    choices={stockLevelChoices(threshold)}
    alwaysOn
    helperText={
      threshold === undefined ? 'Low stock: a size or colour running out' : `Low stock: ${threshold} or fewer in total or of any size or colour`
    }
  />,
];

/**
 * The list's actions: sort, then create. Other screens' buttons (e.g. export or import) go in as children,
 * after these.
 */
export function AllProductsActions({ children }: { children?: ReactNode }) {
  return (
    <TopToolbar>
      <SortButton fields={['createdAt', 'name', 'price', 'countInStock']} />
      <CreateButton to={adminPath('/productlist')} />
      {children}
    </TopToolbar>
  );
}

/** What an admin can do to the selected products at once; deleting can be undone for a few seconds. */
export function ProductBulkActions() {
  return (
    <>
      <BulkStatusButton status="published" />
      <BulkStatusButton status="draft" />
      <BulkCategoryButton />
      <BulkDeleteButton mutationMode="undoable" />
    </>
  );
}

/**
 * All Products (/admin/allproductslist): count in the heading; image, name, date, 160 characters, price, update
 * link. Page, sort and filters live in the URL (and in the console's store), so coming back from an update opens
 * the same page.
 */
export function AllProducts() {
  const threshold = useLowStockThreshold();
  return (
    <List
      resource="products"
      title="All Products"
      perPage={PER_PAGE}
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={filtersWith(threshold)}
      actions={<AllProductsActions />}
      pagination={<Pagination rowsPerPageOptions={[12, 24, 48, 96]} />}
      exporter={false}
      empty={false}
    >
      <ProductGrid />
    </List>
  );
}

function ProductGrid() {
  const threshold = useLowStockThreshold();
  const {
    data = [],
    total = 0,
    error,
    isPending,
    filterValues,
    selectedIds,
    onToggleItem,
    onSelect,
    onUnselectItems,
  } = useListContext<ProductRecord>();
  const pageIds = data.map((p) => p.id);
  const selectedOnPage = pageIds.filter((id) => selectedIds.includes(id)).length;

  return (
    <Box sx={{ p: 2 }}>
      <BulkActionsToolbar selectAllButton={false}>
        <ProductBulkActions />
      </BulkActionsToolbar>
      <Typography variant="h5" component="h1" gutterBottom data-testid="all-products-heading">
        All Products ({total})
      </Typography>
      <ProductCsvActions filter={filterValues} />
      {error ? (
        <Alert severity="error">Error loading products</Alert>
      ) : isPending ? (
        <Typography role="status">Loading…</Typography>
      ) : data.length === 0 ? (
        <Typography color="text.secondary">No products match these filters.</Typography>
      ) : (
        <>
          <FormControlLabel
            label="Select all on this page"
            control={
              <Checkbox
                checked={selectedOnPage > 0 && selectedOnPage === pageIds.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
                onChange={(e) => (e.target.checked ? onSelect([...new Set([...selectedIds, ...pageIds])]) : onUnselectItems())}
              />
            }
          />
          <Grid container spacing={2}>
            {data.map((p) => (
              <Grid key={p.id} size={{ xs: 12, sm: 6, lg: 4 }}>
                <ProductCard product={p} threshold={threshold} selected={selectedIds.includes(p.id)} onToggle={() => onToggleItem(p.id)} />
              </Grid>
            ))}
          </Grid>
        </>
      )}
    </Box>
  );
}

function ProductCard({
  product: p,
  threshold,
  selected,
  onToggle,
}: {
  product: ProductRecord;
  threshold: number | undefined;
  selected: boolean;
  onToggle: () => void;
}) {
  return (
    <Card sx={{ display: 'flex', height: '100%', outline: selected ? 2 : 0, outlineColor: 'primary.main' }} data-testid="product-card">
      <Box sx={{ position: 'relative', flexShrink: 0 }}>
        <CardMedia component="img" image={p.image} alt={p.name} sx={{ width: 140, height: '100%', objectFit: 'cover' }} />
        <Checkbox
          checked={selected}
          onChange={onToggle}
          slotProps={{ input: { 'aria-label': `Select ${p.name}` } }}
          sx={{ position: 'absolute', top: 4, left: 4, bgcolor: 'background.paper', borderRadius: 1, '&:hover': { bgcolor: 'background.paper' } }}
        />
      </Box>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {p.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {formatDate(p.createdAt)}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ my: 0.5, flexWrap: 'wrap' }}>
          {p.status && p.status !== 'published' && <Chip size="small" label={p.status} color={p.status === 'rejected' ? 'error' : 'warning'} />}
          <Typography variant="caption" color={isLowStock(p, threshold) ? 'error' : 'text.secondary'} data-testid="stock-level">
            {stockLabel(p, threshold)}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ my: 1, flex: 1 }} data-testid="product-description">
          {excerpt(p.description, 160)}
        </Typography>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Button component={Link} to={adminPath(`/product/update/${p.id}`)} variant="contained" size="small">
            Update Product
          </Button>
          <Typography sx={{ fontWeight: 600 }}>{formatPrice(p.price)}</Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
