import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { PageHeader } from '../../components/ui/PageHeader';
import { errorMessage, fieldErrors } from '../../lib/api';
import { formatPrice } from '../../lib/format';
import { usePageMeta } from '../../lib/meta';
import { toast } from '../../lib/toast';
import { useOutcomeToast } from '../../lib/use-outcome-toast';
import type { CouponPreview, PaymentMethod, ShippingAddress } from '../../lib/models';
import { cartSubtotal } from '../../lib/cart/cart-logic';
import { clearCart } from '../../lib/cart/cart-slice';
import {
  useAddressBookListQuery,
  useCouponsValidateMutation,
  useOrdersPlaceMutation,
  usePaymentsMethodsQuery,
  useShippingCountriesQuery,
} from '../../lib/shop-api';
import { AddressFields, useAddressErrors } from '../../components/address/AddressFields';
import { addressErrorsFrom, addressLine, addressOf, emptyAddress, validateAddress } from '../../components/address/address-form';

/** The choice of the address radio group that shows the form for a new address. */
const NEW_ADDRESS = 'new';

export default function CheckoutPage() {
  usePageMeta('Checkout', 'Enter your shipping address and place your Threadline order.');
  const items = useAppSelector((s) => s.cart.items);
  const user = useAppSelector((s) => s.session.userInfo);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const countries = useShippingCountriesQuery().data ?? [];
  const book = useAddressBookListQuery();
  const saved = book.data ?? [];
  // Until the shopper picks, the default saved address (or a new one when the book is empty).
  const [choice, setChoice] = useState<string | null>(null);
  const picked = saved.find((a) => a.id === (choice ?? saved.find((d) => d.isDefault)?.id));
  const [address, setAddress] = useState<ShippingAddress>(() => emptyAddress(user?.username ?? ''));
  const [saveAddress, setSaveAddress] = useState(true);
  const checks = useAddressErrors();
  const { showErrors, clearErrors } = checks;
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('cod');
  // Card only when the shop has Stripe's keys (GET /api/payments/methods).
  const cardOffered = usePaymentsMethodsQuery().data?.methods.includes('card') ?? false;
  const [code, setCode] = useState('');
  const [coupon, setCoupon] = useState<CouponPreview | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  // One key per visit to this page: a repeated submission gives back the same order.
  const idempotencyKey = useMemo(() => crypto.randomUUID(), []);
  const [validate, validating] = useCouponsValidateMutation();
  const [placeOrder, placing] = useOrdersPlaceMutation();
  // The coupon check's toast and the order's: placing the order supersedes both (the coupon's toast described this
  // page's preview), and a check that answers after the shopper left the page shows nothing.
  const couponToast = useOutcomeToast();
  const orderToast = useOutcomeToast();
  const onPage = useRef(true);
  useEffect(() => {
    onPage.current = true;
    return () => {
      onPage.current = false;
    };
  }, []);
  const subtotal = cartSubtotal(items);
  const discount = coupon?.discount ?? 0;
  const total = coupon?.totalAfterDiscount ?? Math.max(0, subtotal - discount);

  const applyCoupon = async () => {
    setCouponError(null);
    couponToast.dismiss();
    if (!code.trim()) return;
    try {
      const preview = await validate({ validateCouponDto: { code: code.trim() } }).unwrap();
      if (!onPage.current) return;
      if (!preview.valid) {
        setCoupon(null);
        setCouponError(preview.reason ?? 'This coupon does not apply.');
        return;
      }
      setCoupon(preview);
      couponToast.success(preview.reason ?? `Coupon ${preview.code} applied`);
    } catch (error) {
      setCoupon(null);
      setCouponError(errorMessage(error, 'This coupon does not apply.'));
    }
  };

  const onPlaceOrder = async () => {
    const shippingAddress = picked ? addressOf(picked) : address;
    if (!picked) {
      const problems = validateAddress(address, countries);
      if (Object.keys(problems).length) {
        showErrors(problems);
        orderToast.error('Please correct the marked fields of the shipping address');
        return;
      }
    }
    try {
      const order = await placeOrder({
        'Idempotency-Key': idempotencyKey,
        placeOrderDto: { shippingAddress, paymentMethod, couponCode: coupon?.code, saveAddress: !picked && saveAddress },
      }).unwrap();
      dispatch(clearCart());
      couponToast.dismiss();
      orderToast.dismiss();
      toast.success('Order placed');
      void navigate(`/order/${order._id ?? order.id}`, { replace: true });
    } catch (error) {
      const refused = addressErrorsFrom(fieldErrors(error), 'shippingAddress.');
      if (Object.keys(refused).length) {
        // A saved address the shop no longer accepts (say, a country it stopped shipping to) opens in the form to fix.
        if (picked) {
          setChoice(NEW_ADDRESS);
          setAddress(shippingAddress);
        }
        showErrors(refused);
      }
      orderToast.error(errorMessage(error));
    }
  };

  if (!items.length)
    return (
      <Container maxWidth="md" sx={{ py: 8 }}>
        <PageHeader title="Checkout" subtitle="Your cart is empty." />
        <Button component={RouterLink} to="/shop" variant="contained">
          Go to the shop
        </Button>
      </Container>
    );

  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <PageHeader title="Checkout" />
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }} component="section" aria-labelledby="ship-title">
            <Typography id="ship-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
              Shipping address
            </Typography>
            {book.isLoading ? (
              <Skeleton variant="rounded" height={160} />
            ) : (
              <>
                {saved.length > 0 && (
                  <RadioGroup
                    aria-labelledby="ship-title"
                    value={picked?.id ?? NEW_ADDRESS}
                    onChange={(e) => {
                      setChoice(e.target.value);
                      clearErrors();
                    }}
                    sx={{ mb: picked ? 0 : 2 }}
                  >
                    {saved.map((a) => (
                      <FormControlLabel
                        key={a.id}
                        value={a.id}
                        control={<Radio />}
                        data-testid="saved-address"
                        label={
                          <Box sx={{ py: 0.5 }}>
                            <Typography component="span" sx={{ display: 'block' }}>
                              {addressLine(a, countries)}
                              {a.isDefault ? ' (default)' : ''}
                            </Typography>
                            <Typography component="span" variant="body2" color="text.secondary">
                              {a.phone}
                            </Typography>
                          </Box>
                        }
                      />
                    ))}
                    <FormControlLabel value={NEW_ADDRESS} control={<Radio />} label="Use a new address" />
                  </RadioGroup>
                )}
                {!picked && (
                  <>
                    <AddressFields idPrefix="ship" value={address} onChange={setAddress} checks={checks} countries={countries} />
                    <FormControlLabel
                      sx={{ mt: 1 }}
                      control={<Checkbox checked={saveAddress} onChange={(e) => setSaveAddress(e.target.checked)} />}
                      label="Save this address to my address book"
                    />
                  </>
                )}
              </>
            )}
          </Paper>
          <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }} component="section" aria-labelledby="pay-title">
            <Typography id="pay-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
              Payment
            </Typography>
            <RadioGroup value={paymentMethod} onChange={(e) => setPaymentMethod(e.target.value as PaymentMethod)} aria-labelledby="pay-title">
              <FormControlLabel value="cod" control={<Radio />} label="Pay on delivery" />
              {cardOffered && <FormControlLabel value="card" control={<Radio />} label="Card (paid securely with Stripe on the next page)" />}
            </RadioGroup>
          </Paper>
          <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }} component="section" aria-labelledby="coupon-title">
            <Typography id="coupon-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
              Coupon code
            </Typography>
            <Stack direction="row" spacing={1}>
              <TextField label="Coupon code" size="small" value={code} onChange={(e) => setCode(e.target.value)} fullWidth />
              <Button variant="outlined" onClick={applyCoupon} disabled={validating.isLoading || !code.trim()}>
                Apply
              </Button>
            </Stack>
            {couponError && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {couponError}
              </Alert>
            )}
            {coupon && (
              <Alert
                severity="success"
                sx={{ mt: 2 }}
                data-testid="coupon-preview"
                onClose={() => {
                  setCoupon(null);
                  couponToast.dismiss();
                }}
              >
                {coupon.code}: you save {formatPrice(discount)}
              </Alert>
            )}
          </Paper>
        </Stack>
        <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }} component="section" aria-labelledby="review-title">
          <Typography id="review-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
            Order review
          </Typography>
          <Stack spacing={1.5}>
            {items.map((i) => (
              <Stack key={i.key} direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
                <Typography variant="body2">
                  {i.name}
                  {i.size ? ` (${i.size}${i.colour ? `, ${i.colour}` : ''})` : ''} × {i.quantity}
                </Typography>
                <Typography variant="body2">{formatPrice(i.price * i.quantity)}</Typography>
              </Stack>
            ))}
          </Stack>
          <Divider sx={{ my: 2 }} />
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography>Subtotal</Typography>
            <Typography>{formatPrice(coupon?.subtotal ?? subtotal)}</Typography>
          </Stack>
          {discount > 0 && (
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography>Discount</Typography>
              <Typography color="success.main">{formatPrice(-discount)}</Typography>
            </Stack>
          )}
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography>Shipping</Typography>
            <Typography>Free</Typography>
          </Stack>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
            <Typography sx={{ fontWeight: 700 }}>Total</Typography>
            <Typography sx={{ fontWeight: 700 }} data-testid="checkout-total">
              {formatPrice(total)}
            </Typography>
          </Stack>
          <Typography variant="caption" color="text.secondary">
            Final prices, taxes and discounts are confirmed when the order is placed.
          </Typography>
          {/* Not while a coupon is being checked: the order would go without it, and the check's answer would come after. */}
          <Button
            fullWidth
            variant="contained"
            size="large"
            sx={{ mt: 3 }}
            onClick={onPlaceOrder}
            disabled={placing.isLoading || validating.isLoading}
          >
            {placing.isLoading ? 'Placing order...' : 'Place order'}
          </Button>
        </Paper>
      </Box>
    </Container>
  );
}
