import { expect, test, type Page } from '@playwright/test';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { createAccount, type TestAccount } from '../support/fixtures';
import { StripeStandIn } from '../support/stripe-stand-in';
import { newPage, signInByStorage, startBrowserStack, type BrowserStack } from './browser-support';
import { DECLINE_MESSAGE, DECLINED_CARD, installFakeStripe } from './fake-stripe-js';

test.describe.configure({ timeout: 120_000 });

/**
 * Issue #38: paying a card order in the storefront with Stripe's Payment Element. Stripe.js is the fake of
 * fake-stripe-js.ts (served at js.stripe.com by the test), its API the stand-in of test/support: offline.
 */
test.describe('card payments in the storefront (browser)', () => {
  const stripe = new StripeStandIn();
  let bs: BrowserStack;
  test.beforeAll(async ({ browser }) => {
    await stripe.start();
    bs = await startBrowserStack(browser, stripe.env());
  });
  test.afterAll(async () => {
    await bs?.stop();
    await stripe.stop();
  });

  const db = () => bs.stack.app.get<Connection>(getConnectionToken());

  async function cardOrder(customer: TestAccount, page: Page): Promise<string> {
    const product = await db()
      .collection('products')
      .findOne({ status: 'published', countInStock: { $gt: 5 }, 'variants.0': { $exists: false } });
    expect(product).toBeTruthy();
    expect(
      (
        await bs.stack
          .http()
          .post('/api/cart')
          .set('Authorization', customer.bearer)
          .send({ productId: String(product!._id), quantity: 1 })
      ).status,
    ).toBeLessThan(300);
    await signInByStorage(bs, page, customer);
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Place order' }).waitFor();
    // Each test's customer is new, so the address form shows once the (empty) address book has loaded;
    // fill() waits for it rather than guessing from a skeleton still on screen.
    await page.getByRole('textbox', { name: /^Full name/ }).fill('Ann Card');
    await page.getByRole('textbox', { name: /^Address/ }).fill('1 Main Street');
    await page.getByRole('textbox', { name: /^City/ }).fill('Springfield');
    await page.getByRole('textbox', { name: /^Postal code/ }).fill('12345');
    await page.getByRole('combobox', { name: /^Country/ }).selectOption('US');
    await page.getByRole('textbox', { name: /^Phone/ }).fill('+12015550123');
    await page.getByRole('radio', { name: /^Card/ }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/order\//);
    await expect(page.getByTestId('order-status')).toHaveText('Pending');
    return new URL(page.url()).pathname.split('/').pop() as string;
  }

  const payWith = async (page: Page, card: string) => {
    await page.getByRole('button', { name: /by card$|Try again with another card/ }).click();
    await page.getByRole('textbox', { name: 'Card number' }).fill(card);
    await page.getByRole('button', { name: /^Pay \$/ }).click();
  };

  test('pays a card order through the Payment Element; the order page waits for the webhook and shows Paid', async () => {
    const customer = await createAccount(bs.stack);
    const { context, page } = await newPage(bs);
    await installFakeStripe(context, stripe, bs.baseUrl);
    const id = await cardOrder(customer, page);
    await payWith(page, '4242 4242 4242 4242');
    await expect(page.getByTestId('order-status')).toHaveText('Paid');
    await expect(page.getByRole('heading', { name: 'Pay by card' })).toHaveCount(0);
    const order = (await bs.stack.http().get(`/api/orders/${id}`).set('Authorization', customer.bearer)).body as {
      state: string;
      paymentState: string;
    };
    expect(order).toMatchObject({ state: 'placed', paymentState: 'paid' });
    await context.close();
  });

  test("a declined card shows Stripe's message and leaves the order payable; another card pays it", async () => {
    const customer = await createAccount(bs.stack);
    const { context, page } = await newPage(bs);
    await installFakeStripe(context, stripe, bs.baseUrl);
    const id = await cardOrder(customer, page);
    await payWith(page, DECLINED_CARD);
    await expect(page.getByTestId('payment-failure')).toContainText(DECLINE_MESSAGE);
    await expect(page.getByTestId('order-status')).toHaveText('Pending');
    await expect
      .poll(
        async () =>
          ((await bs.stack.http().get(`/api/orders/${id}`).set('Authorization', customer.bearer)).body as { paymentState: string }).paymentState,
      )
      .toBe('failed');
    // Reloaded, the page still tells why and offers to pay again.
    await page.reload();
    await expect(page.getByTestId('payment-failure')).toContainText(DECLINE_MESSAGE);
    await payWith(page, '4242 4242 4242 4242');
    await expect(page.getByTestId('order-status')).toHaveText('Paid');
    await context.close();
  });
});
