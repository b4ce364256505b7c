import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Title, useCreate, useNotify } from 'react-admin';
import { errorMessage } from '../dataProvider/httpClient';
import { isUploadError } from '../dataProvider/upload';
import { goToShopWith } from '../lib/shopFlash';
import { emptyProduct, toProductData, validateProduct } from './productForm';
import { ProductFormFields } from './ProductFormFields';

/**
 * Create Product (/admin/productlist). On success it goes to the shop's / as the spec says, and the spec's
 * 'Product added successfully!' goes with it: the console leaves the message for the storefront, which shows it
 * as a toast on arrival (it used to be lost in the page load: issue #23, defect 4).
 */
export function ProductCreate() {
  const notify = useNotify();
  const [values, setValues] = useState(emptyProduct);
  const [create, { isPending }] = useCreate();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validateProduct(values, 'create');
    if (problem) {
      notify(problem, { type: 'error' });
      return;
    }
    void create(
      'products',
      { data: toProductData(values) },
      {
        onSuccess: () => goToShopWith('/', { type: 'success', message: 'Product added successfully!' }),
        onError: (error) =>
          notify(errorMessage(error, isUploadError(error) ? 'Image upload failed.' : 'Product creation failed. Try Again.'), { type: 'error' }),
      },
    );
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Create Product" />
      <CardContent component="form" onSubmit={submit} noValidate>
        <Typography variant="h5" component="h1" gutterBottom>
          Create Product
        </Typography>
        <ProductFormFields values={values} onChange={setValues} quantityMin={0} />
        <Box sx={{ mt: 3 }}>
          <Button type="submit" variant="contained" size="large" disabled={isPending}>
            {isPending ? 'Submitting…' : 'Submit'}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
