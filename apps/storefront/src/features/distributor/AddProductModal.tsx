import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
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
import { useAddProductMutation } from '../products/products-api';
import { IMAGE_ACCEPT } from '../../lib/images';

interface FormState {
  name: string;
  brand: string;
  description: string;
  category: string;
  price: string;
  quantity: string;
  image: File | null;
  additionalImages: File[];
}

const EMPTY: FormState = { name: '', brand: '', description: '', category: '', price: '', quantity: '', image: null, additionalImages: [] };

/** The distributor's Add New Product modal: submit, then close and reset on success. */
export function AddProductModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [fileKey, setFileKey] = useState(0);
  const { data: categories = [], error: categoriesError } = useCategoriesCompatAllQuery();
  const [addProduct, { isLoading }] = useAddProductMutation();

  const set = (field: keyof FormState) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const close = () => {
    setErrors({});
    onClose();
  };

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problems = validateDistributorProduct(form);
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
    data.append('quantity', form.quantity);
    data.append('countInStock', form.quantity);
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
            <TextField label="Description" value={form.description} onChange={set('description')} required multiline minRows={3} error={!!errors.description} helperText={errors.description} />
            <TextField select label="Category" value={form.category} onChange={set('category')} required error={!!errors.category} helperText={errors.category}>
              {categories.map((c) => (
                <MenuItem key={c._id} value={c._id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction="row" spacing={2}>
              <TextField label="Price (USD)" type="number" value={form.price} onChange={set('price')} required fullWidth error={!!errors.price} helperText={errors.price} slotProps={{ htmlInput: { min: 0, step: '0.01' } }} />
              <TextField label="Quantity" type="number" value={form.quantity} onChange={set('quantity')} required fullWidth error={!!errors.quantity} helperText={errors.quantity} slotProps={{ htmlInput: { min: 0, step: 1 } }} />
            </Stack>
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
