import AddIcon from '@mui/icons-material/Add';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage, fieldErrors } from '../../lib/api';
import { MAX_ADDITIONAL_IMAGES, MESSAGES, validateDistributorProduct } from '../../lib/validation';
import { useCategoriesCompatAllQuery } from '../../lib/shop-api';
import { useAddProductMutation } from './products-api';
import { IMAGE_ACCEPT } from '../../lib/images';
import {
  buildVariants,
  cellKey,
  parseOptions,
  specificationsOf,
  stockTotal,
  validateOptions,
  variantCells,
  type SpecificationRow,
} from './product-options';

interface FormState {
  name: string;
  brand: string;
  description: string;
  category: string;
  price: string;
  quantity: string;
  image: File | null;
  additionalImages: File[];
  /** Comma-separated, as typed. */
  sizes: string;
  colours: string;
  /** Units per size × colour (cellKey), as typed. */
  stock: Record<string, string>;
  specifications: SpecificationRow[];
}

const EMPTY: FormState = {
  name: '',
  brand: '',
  description: '',
  category: '',
  price: '',
  quantity: '',
  image: null,
  additionalImages: [],
  sizes: '',
  colours: '',
  stock: {},
  specifications: [],
};

/** "Stock of size M in Navy", "Stock of size M", "Stock in Navy". */
function cellLabel(size: string | undefined, colour: string | undefined): string {
  return ['Stock', size ? `of size ${size}` : '', colour ? `in ${colour}` : ''].filter(Boolean).join(' ');
}

/** Sizes × colours with the stock of each: a row per size (or one), a column per colour (or one). */
function StockGrid({
  sizes,
  colours,
  stock,
  errors,
  onChange,
}: {
  sizes: string[];
  colours: string[];
  stock: Record<string, string>;
  errors: Record<string, string>;
  onChange: (key: string, value: string) => void;
}) {
  const rows: (string | undefined)[] = sizes.length ? sizes : [undefined];
  const columns: (string | undefined)[] = colours.length ? colours : [undefined];
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Stock per variant">
        <TableHead>
          <TableRow>
            <TableCell>Size</TableCell>
            {columns.map((c) => (
              <TableCell key={c ?? '-'}>{c ?? 'Stock'}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((size) => (
            <TableRow key={size ?? '-'}>
              <TableCell component="th" scope="row">
                {size ?? 'One size'}
              </TableCell>
              {columns.map((colour) => {
                const key = cellKey(size, colour);
                return (
                  <TableCell key={colour ?? '-'}>
                    <TextField
                      type="number"
                      size="small"
                      value={stock[key] ?? ''}
                      placeholder="0"
                      onChange={(e) => onChange(key, e.target.value)}
                      error={!!errors[`stock:${key}`]}
                      slotProps={{ htmlInput: { min: 0, step: 1, 'aria-label': cellLabel(size, colour) } }}
                      sx={{ width: 88 }}
                    />
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The distributor's Add New Product modal: submit, then close and reset on success. */
export function AddProductModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [fileKey, setFileKey] = useState(0);
  const { data: categories = [], error: categoriesError } = useCategoriesCompatAllQuery();
  const [addProduct, { isLoading }] = useAddProductMutation();

  const set = (field: keyof FormState) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [field]: e.target.value }));
  const sizes = parseOptions(form.sizes);
  const colours = parseOptions(form.colours);
  // With sizes or colours, stock is kept per variant and the quantity is their sum.
  const hasVariants = variantCells(sizes, colours).length > 0;
  const quantity = hasVariants ? String(stockTotal(sizes, colours, form.stock)) : form.quantity;
  const setSpecification = (index: number, field: keyof SpecificationRow, value: string) =>
    setForm((f) => ({ ...f, specifications: f.specifications.map((row, i) => (i === index ? { ...row, [field]: value } : row)) }));

  const close = () => {
    setErrors({});
    onClose();
  };

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problems = {
      ...validateDistributorProduct({ ...form, quantity }),
      ...validateOptions({ sizes, colours, stock: form.stock, specifications: form.specifications }),
    };
    setErrors(problems);
    if (Object.keys(problems).length) {
      toast.error(Object.values(problems)[0]);
      return;
    }
    const data = new FormData();
    data.append('image', form.image as File);
    data.append('name', form.name.trim());
    data.append('brand', form.brand.trim());
    data.append('description', form.description.trim());
    data.append('category', form.category);
    data.append('price', form.price);
    data.append('quantity', quantity);
    data.append('countInStock', quantity);
    if (hasVariants) data.append('variants', JSON.stringify(buildVariants(form.name.trim(), sizes, colours, form.stock)));
    const specifications = specificationsOf(form.specifications);
    if (Object.keys(specifications).length > 0) data.append('specifications', JSON.stringify(specifications));
    for (const file of form.additionalImages) data.append('additionalImages', file);
    try {
      const product = await addProduct(data).unwrap();
      // One toast for the outcome: the spec's message, and the approval wait in the same toast when there is one.
      toast.success(
        product?.status === 'pending'
          ? 'Product added successfully! It is waiting for approval by an admin before it appears in the shop.'
          : 'Product added successfully!',
      );
      setForm(EMPTY);
      setFileKey((k) => k + 1);
      close();
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error, 'Failed to add product'));
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="add-product-title">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="add-product-title">Add New Product</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {categoriesError && <Alert severity="error">{errorMessage(categoriesError, 'Failed to load categories')}</Alert>}
            <TextField label="Name" value={form.name} onChange={set('name')} required error={!!errors.name} helperText={errors.name} />
            <TextField label="Brand" value={form.brand} onChange={set('brand')} required error={!!errors.brand} helperText={errors.brand} />
            <TextField
              label="Description"
              value={form.description}
              onChange={set('description')}
              required
              multiline
              minRows={3}
              error={!!errors.description}
              helperText={errors.description}
            />
            <TextField
              select
              label="Category"
              value={form.category}
              onChange={set('category')}
              required
              error={!!errors.category}
              helperText={errors.category}
            >
              {categories.map((c) => (
                <MenuItem key={c._id} value={c._id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction="row" spacing={2}>
              <TextField
                label="Price (USD)"
                type="number"
                value={form.price}
                onChange={set('price')}
                required
                fullWidth
                error={!!errors.price}
                helperText={errors.price}
                slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
              />
              <TextField
                label="Quantity"
                type="number"
                value={quantity}
                onChange={set('quantity')}
                required
                fullWidth
                disabled={hasVariants}
                error={!!errors.quantity}
                helperText={errors.quantity ?? (hasVariants ? 'The sum of the stock per variant below' : undefined)}
                slotProps={{ htmlInput: { min: 0, step: 1 } }}
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Sizes"
                value={form.sizes}
                onChange={set('sizes')}
                fullWidth
                error={!!errors.sizes}
                helperText={errors.sizes ?? 'Separated by commas, e.g. S, M, L (empty: one size)'}
              />
              <TextField
                label="Colours"
                value={form.colours}
                onChange={set('colours')}
                fullWidth
                error={!!errors.colours}
                helperText={errors.colours ?? 'Separated by commas, e.g. Navy, Red'}
              />
            </Stack>
            {hasVariants && (
              <div>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                  Stock per variant
                </Typography>
                <StockGrid
                  sizes={sizes}
                  colours={colours}
                  stock={form.stock}
                  errors={errors}
                  onChange={(key, value) => setForm((f) => ({ ...f, stock: { ...f.stock, [key]: value } }))}
                />
                {errors.stock && <FormHelperText error>{errors.stock}</FormHelperText>}
              </div>
            )}
            <div>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                Specifications
              </Typography>
              <Stack spacing={1}>
                {form.specifications.map((row, i) => (
                  <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <TextField
                      size="small"
                      label="Specification"
                      placeholder="Material"
                      value={row.name}
                      onChange={(e) => setSpecification(i, 'name', e.target.value)}
                      error={!!errors[`specification:${i}`]}
                      helperText={errors[`specification:${i}`]}
                      slotProps={{ htmlInput: { 'aria-label': `Specification ${i + 1} name`, maxLength: 60 } }}
                      sx={{ flex: 1 }}
                    />
                    <TextField
                      size="small"
                      label="Value"
                      placeholder="Linen"
                      value={row.value}
                      onChange={(e) => setSpecification(i, 'value', e.target.value)}
                      slotProps={{ htmlInput: { 'aria-label': `Specification ${i + 1} value`, maxLength: 200 } }}
                      sx={{ flex: 2 }}
                    />
                    <IconButton
                      aria-label={`Remove specification ${i + 1}`}
                      onClick={() => setForm((f) => ({ ...f, specifications: f.specifications.filter((_, j) => j !== i) }))}
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Stack>
                ))}
                <Button
                  startIcon={<AddIcon />}
                  onClick={() => setForm((f) => ({ ...f, specifications: [...f.specifications, { name: '', value: '' }] }))}
                  sx={{ alignSelf: 'flex-start' }}
                >
                  Add specification
                </Button>
              </Stack>
            </div>
            <div>
              <Button component="label" variant="outlined" startIcon={<AddPhotoAlternateIcon />}>
                Main image
                <input
                  key={`main-${fileKey}`}
                  hidden
                  type="file"
                  accept={IMAGE_ACCEPT}
                  name="image"
                  aria-label="Main image"
                  onChange={(e) => setForm((f) => ({ ...f, image: e.target.files?.[0] ?? null }))}
                />
              </Button>
              <Typography variant="body2" component="span" sx={{ ml: 2 }}>
                {form.image?.name ?? 'No file chosen'}
              </Typography>
              {errors.image && <FormHelperText error>{errors.image}</FormHelperText>}
            </div>
            <div>
              <Button component="label" variant="outlined" startIcon={<AddPhotoAlternateIcon />}>
                Additional images (up to {MAX_ADDITIONAL_IMAGES})
                <input
                  key={`more-${fileKey}`}
                  hidden
                  type="file"
                  accept={IMAGE_ACCEPT}
                  multiple
                  name="additionalImages"
                  aria-label="Additional images"
                  onChange={(e) => {
                    const files = Array.from(e.target.files ?? []);
                    setForm((f) => ({ ...f, additionalImages: files }));
                    setErrors((er) => {
                      const { additionalImages: _drop, ...rest } = er;
                      return files.length > MAX_ADDITIONAL_IMAGES ? { ...rest, additionalImages: MESSAGES.tooManyImages } : rest;
                    });
                    if (files.length > MAX_ADDITIONAL_IMAGES) toast.error(MESSAGES.tooManyImages);
                  }}
                />
              </Button>
              <Typography variant="body2" component="span" sx={{ ml: 2 }}>
                {form.additionalImages.length ? `${form.additionalImages.length} selected` : 'None'}
              </Typography>
              {errors.additionalImages && <FormHelperText error>{errors.additionalImages}</FormHelperText>}
            </div>
            <Typography variant="body2" color="text.secondary">
              New products are reviewed by an admin before they appear in the shop.
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Adding...' : 'Add Product'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
