import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { Confirm, Title, useDelete, useGetOne, useNotify, useRedirect, useUpdate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { errorMessage } from '../dataProvider/httpClient';
import { isUploadError } from '../dataProvider/upload';
import { fromProduct, toProductData, validateProduct, type ProductFormValues } from './productForm';
import { ProductFormFields } from './ProductFormFields';
import type { ProductRecord } from '../lib/api-types';
import { ProductReviews } from './ProductReviews';
import { ProductStock } from './ProductStock';
import type { StockAdjustmentResult } from '../lib/api-types';

/** The product with an adjustment's levels: the form and the change it compares against start from them. */
function withLevels(product: ProductRecord, result: StockAdjustmentResult): ProductRecord {
  const variants = (product.variants ?? []).map((v) => (v.sku === result.variantSku ? { ...v, countInStock: result.level } : v));
  return { ...product, countInStock: result.countInStock, quantity: result.countInStock, variants };
}

const statusOf = (error: unknown): number | undefined => {
  const status = error && typeof error === 'object' ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
};

/** A 4xx answer (not found, malformed id, not allowed): retrying can't change it. */
function isClientError(error: unknown): boolean {
  const status = statusOf(error);
  return status !== undefined && status >= 400 && status < 500;
}

/** No such product: 404, or 400 for an id that can't be one. */
const isMissing = (error: unknown) => statusOf(error) === 404 || statusOf(error) === 400;

/** /admin/product/update/{id}: update or delete, then back to All Products. Quantity has a minimum of 1. */
export function ProductUpdate({ id: idProp }: { id?: string }) {
  const params = useParams();
  const id = idProp ?? params.id ?? '';
  const notify = useNotify();
  const redirect = useRedirect();
  // A missing product (404) or an id that can't be one (400) won't appear on a retry: say so at once.
  const {
    data: loaded,
    error,
    isPending,
  } = useGetOne<ProductRecord>('products', { id }, { enabled: !!id, retry: (failures, err) => !isClientError(err) && failures < 3 });
  // The product as loaded, then with the levels of each stock adjustment made here.
  const [adjusted, setAdjusted] = useState<ProductRecord | null>(null);
  const product = adjusted ?? loaded;
  const [values, setValues] = useState<ProductFormValues | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [update, { isPending: saving }] = useUpdate<ProductRecord>();
  const [remove, { isPending: deleting }] = useDelete<ProductRecord>();

  useEffect(() => {
    if (product && values === null) setValues(fromProduct(product));
  }, [product, values]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!values || !product) return;
    const problem = validateProduct(values, 'update');
    if (problem) {
      notify(problem, { type: 'error' });
      return;
    }
    void update(
      'products',
      { id, data: toProductData(values), previousData: { ...product, ...toProductData(fromProduct(product)) } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('Product successfully updated', { type: 'success', autoHideDuration: 2000 });
          redirect(() => '/allproductslist');
        },
        onError: (err) =>
          notify(errorMessage(err, isUploadError(err) ? 'Image upload failed.' : 'Product update failed. Try again.'), { type: 'error' }),
      },
    );
  };

  const confirmDelete = () =>
    product &&
    void remove(
      'products',
      { id, previousData: product },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`${product.name} is deleted.`, { type: 'success' });
          redirect(() => '/allproductslist');
        },
        onError: (err) => notify(errorMessage(err, 'Delete failed. Try again.'), { type: 'error' }),
        onSettled: () => setConfirming(false),
      },
    );

  if (error && isMissing(error)) {
    return (
      <Alert
        severity="error"
        sx={{ mt: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => redirect(() => '/allproductslist')}>
            All Products
          </Button>
        }
      >
        <Title title="Product not found" />
        Product not found
      </Alert>
    );
  }
  if (error)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {errorMessage(error, 'Failed to load products')}
      </Alert>
    );
  if (isPending || !values || !product) return <Typography sx={{ p: 2 }}>Loading…</Typography>;

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={`Update ${product.name}`} />
      <CardContent component="form" onSubmit={submit} noValidate>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="h5" component="h1">
            Update / Delete Product
          </Typography>
          {product.status && (
            <Chip
              label={product.status}
              color={product.status === 'published' ? 'success' : product.status === 'rejected' ? 'error' : 'warning'}
              size="small"
            />
          )}
        </Stack>
        {product.rejectionNote && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Rejected: {product.rejectionNote}
          </Alert>
        )}
        <ProductFormFields values={values} onChange={setValues} quantityMin={1} />
        <Box sx={{ mt: 3, display: 'flex', gap: 2 }}>
          <Button type="submit" variant="contained" color="success" disabled={saving}>
            Update
          </Button>
          <Button variant="contained" color="error" onClick={() => setConfirming(true)} disabled={deleting}>
            Delete
          </Button>
        </Box>
        <ProductStock
          productId={String(product.id)}
          name={product.name}
          levels={{ countInStock: product.countInStock, variants: product.variants ?? [] }}
          onAdjusted={(result) => {
            const next = withLevels(product, result);
            setAdjusted(next);
            // The form shows the new stock, so saving it afterwards doesn't put the old number back.
            setValues((current) => {
              if (!current) return current;
              const fresh = fromProduct(next);
              return {
                ...current,
                countInStock: fresh.countInStock,
                quantity: fresh.quantity,
                variants: current.variants.map((v) => (v.sku === result.variantSku ? { ...v, countInStock: String(result.level) } : v)),
              };
            });
          }}
        />
        <ProductReviews productId={String(product.id)} reviews={product.reviews ?? []} />
      </CardContent>
      <Confirm
        isOpen={confirming}
        loading={deleting}
        title="Are you sure?"
        content={`Delete ${product.name}?`}
        confirm="Delete"
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
