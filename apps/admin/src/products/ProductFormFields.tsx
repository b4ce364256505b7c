import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, Divider, Grid, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useAllCategories } from '../categories/allCategories';
import { IMAGE_ACCEPT } from '../lib/images';
import {
  emptyVariant,
  MAX_ADDITIONAL_IMAGES,
  VARIANT_STOCK_HELP,
  withVariantStock,
  type ProductFormValues,
  type SpecRow,
  type VariantRow,
} from './productForm';

function Preview({ image, alt, size = 160 }: { image: File | string; alt: string; size?: number }) {
  const src = useMemo(() => (typeof image === 'string' ? image : URL.createObjectURL(image)), [image]);
  useEffect(
    () => () => {
      if (typeof image !== 'string') URL.revokeObjectURL(src);
    },
    [image, src],
  );
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      sx={{ width: size, height: size, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ mt: 3 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="subtitle1" sx={{ mb: 1, fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The product form's fields: the spec's (image upload, name, price, quantity, brand, description, count
 * in stock, category dropdown) and the console's additions (additional images, specifications, variants).
 */
export function ProductFormFields({
  values,
  onChange,
  quantityMin,
}: {
  values: ProductFormValues;
  onChange: (next: ProductFormValues) => void;
  quantityMin: number;
}) {
  const { data: categories = [] } = useAllCategories();
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => onChange({ ...values, [key]: value });
  const setSpec = (i: number, row: Partial<SpecRow>) =>
    set(
      'specifications',
      values.specifications.map((s, j) => (j === i ? { ...s, ...row } : s)),
    );
  const setVariant = (i: number, row: Partial<VariantRow>) =>
    set(
      'variants',
      values.variants.map((v, j) => (j === i ? { ...v, ...row } : v)),
    );
  // One stock, shown twice (the spec's Quantity and Count In Stock): with variants it is their sum and read-only,
  // without variants typing in either field sets both, so neither can be dropped in favour of the other on save.
  const hasVariants = values.variants.length > 0;
  const shown = withVariantStock(values);
  const setStock = (value: string) => onChange({ ...values, quantity: value, countInStock: value });
  const stockHelp = hasVariants ? VARIANT_STOCK_HELP : 'Quantity and Count In Stock are the same stock';

  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        {values.image && <Preview image={values.image} alt="product" />}
        <Button component="label" variant="outlined" startIcon={<UploadIcon />}>
          {values.image ? (typeof values.image === 'string' ? 'Change Image' : values.image.name) : 'Upload Image'}
          <input
            hidden
            type="file"
            name="image"
            accept={IMAGE_ACCEPT}
            data-testid="product-image"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) set('image', file);
            }}
          />
        </Button>
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField fullWidth label="Name" name="name" value={values.name} onChange={(e) => set('name', e.target.value)} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            fullWidth
            label="Price"
            name="price"
            type="number"
            slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
            value={values.price}
            onChange={(e) => set('price', e.target.value)}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            fullWidth
            label="Quantity"
            name="quantity"
            type="number"
            slotProps={{ htmlInput: { min: quantityMin, step: 1, readOnly: hasVariants, 'aria-readonly': hasVariants } }}
            value={shown.quantity}
            onChange={(e) => setStock(e.target.value)}
            helperText={stockHelp}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField fullWidth label="Brand" name="brand" value={values.brand} onChange={(e) => set('brand', e.target.value)} />
        </Grid>
        <Grid size={12}>
          <TextField
            fullWidth
            multiline
            minRows={3}
            label="Description"
            name="description"
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            fullWidth
            label="Count In Stock"
            name="countInStock"
            type="number"
            slotProps={{ htmlInput: { min: 0, step: 1, readOnly: hasVariants, 'aria-readonly': hasVariants } }}
            value={shown.countInStock}
            onChange={(e) => setStock(e.target.value)}
            helperText={stockHelp}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            select
            fullWidth
            label="Category"
            name="category"
            value={values.category}
            onChange={(e) => set('category', e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'product-category' } }}
          >
            <MenuItem value="" disabled>
              Choose Category
            </MenuItem>
            {categories.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      </Grid>

      <Section title={`Additional images (up to ${MAX_ADDITIONAL_IMAGES})`}>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          {values.additionalImages.map((img, i) => (
            <Box key={i} sx={{ position: 'relative' }}>
              <Preview image={img} alt={`additional ${i + 1}`} size={96} />
              <IconButton
                size="small"
                aria-label="Remove image"
                onClick={() =>
                  set(
                    'additionalImages',
                    values.additionalImages.filter((_, j) => j !== i),
                  )
                }
                sx={{ position: 'absolute', top: 0, right: 0, bgcolor: 'background.paper' }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
          {values.additionalImages.length < MAX_ADDITIONAL_IMAGES && (
            <Button component="label" variant="text" startIcon={<AddIcon />}>
              Add images
              <input
                hidden
                multiple
                type="file"
                accept={IMAGE_ACCEPT}
                onChange={(e) => set('additionalImages', [...values.additionalImages, ...Array.from(e.target.files ?? [])])}
              />
            </Button>
          )}
        </Stack>
      </Section>

      <Section title="Specifications">
        {values.specifications.map((s, i) => (
          <Grid container spacing={1} key={i} role="group" aria-label={`Specification ${i + 1}`} sx={{ mb: 1, alignItems: 'center' }}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField fullWidth size="small" label="Key" value={s.key} onChange={(e) => setSpec(i, { key: e.target.value })} />
            </Grid>
            <Grid size={{ xs: 10, sm: 7 }}>
              <TextField fullWidth size="small" label="Value" value={s.value} onChange={(e) => setSpec(i, { value: e.target.value })} />
            </Grid>
            <Grid size={{ xs: 2, sm: 1 }}>
              <IconButton
                aria-label="Remove specification"
                onClick={() =>
                  set(
                    'specifications',
                    values.specifications.filter((_, j) => j !== i),
                  )
                }
              >
                <DeleteIcon />
              </IconButton>
            </Grid>
          </Grid>
        ))}
        <Button startIcon={<AddIcon />} onClick={() => set('specifications', [...values.specifications, { key: '', value: '' }])}>
          Add specification
        </Button>
      </Section>

      <Section title="Variants (sizes and colours with their own stock)">
        {hasVariants && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Each variant keeps its own stock; the product&apos;s Count In Stock and Quantity are their sum ({shown.countInStock}).
          </Typography>
        )}
        {values.variants.map((v, i) => (
          <Grid
            container
            spacing={1}
            key={i}
            role="group"
            aria-label={`Variant ${i + 1}${v.sku.trim() ? `: ${v.sku.trim()}` : ''}`}
            sx={{ mb: 1, alignItems: 'center' }}
          >
            <Grid size={{ xs: 12, sm: 3 }}>
              <TextField fullWidth size="small" label="SKU" value={v.sku} onChange={(e) => setVariant(i, { sku: e.target.value })} />
            </Grid>
            <Grid size={{ xs: 6, sm: 2 }}>
              <TextField fullWidth size="small" label="Size" value={v.size} onChange={(e) => setVariant(i, { size: e.target.value })} />
            </Grid>
            <Grid size={{ xs: 6, sm: 2 }}>
              <TextField fullWidth size="small" label="Colour" value={v.colour} onChange={(e) => setVariant(i, { colour: e.target.value })} />
            </Grid>
            <Grid size={{ xs: 5, sm: 2 }}>
              <TextField
                fullWidth
                size="small"
                label="Price"
                type="number"
                placeholder="Product's"
                slotProps={{ htmlInput: { min: 0, step: '0.01' }, inputLabel: { shrink: true } }}
                value={v.price}
                onChange={(e) => setVariant(i, { price: e.target.value })}
              />
            </Grid>
            <Grid size={{ xs: 5, sm: 2 }}>
              <TextField
                fullWidth
                size="small"
                label="Stock"
                type="number"
                slotProps={{ htmlInput: { min: 0, step: 1 } }}
                value={v.countInStock}
                onChange={(e) => setVariant(i, { countInStock: e.target.value })}
              />
            </Grid>
            <Grid size={{ xs: 2, sm: 1 }}>
              <IconButton
                aria-label="Remove variant"
                onClick={() =>
                  set(
                    'variants',
                    values.variants.filter((_, j) => j !== i),
                  )
                }
              >
                <DeleteIcon />
              </IconButton>
            </Grid>
          </Grid>
        ))}
        <Button startIcon={<AddIcon />} onClick={() => set('variants', [...values.variants, emptyVariant()])}>
          Add variant
        </Button>
      </Section>
    </Box>
  );
}
