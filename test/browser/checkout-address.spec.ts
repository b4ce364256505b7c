import { expect, test, type Page } from '@playwright/test';
import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import { createAccount, type TestAccount } from '../support/fixtures';
import { expectToast, newPage, signInByStorage, startBrowserStack, type BrowserStack } from './browser-support';

test.describe.configure({ timeout: 120_000 });

/**
 * Issue #38, the checkout form: every invalid field marked with its message and the focus on the first one, the
 * phone checked for the chosen country, the country a select of the countries shipped to, the address saved and
 * offered at the next checkout, the address book edited in the Profile tab, and "Cancel order" confirmed first.
 */
test.describe('checkout address, address book and order cancellation (browser)', () => {
  let bs: BrowserStack;
  test.beforeAll(async ({ browser }) => {
    bs = await startBrowserStack(browser, { SHIP_TO_COUNTRIES: 'US,GB,DE' });
  });
  test.afterAll(async () => {
    await bs?.stop();
  });

  const db = () => bs.stack.app.get<Connection>(getConnectionToken());
  const field = (page: Page, label: string) => page.getByRole(label === 'Country' ? 'combobox' : 'textbox', { name: new RegExp(`^${label}`) });

  /** Puts one in-stock product in the customer's server cart. */
  async function fillCart(customer: TestAccount): Promise<void> {
    const product = await db()
      .collection('products')
      .findOne({ status: 'published', countInStock: { $gt: 5 }, 'variants.0': { $exists: false } });
    expect(product).toBeTruthy();
    const added = await bs.stack
      .http()
      .post('/api/cart')
      .set('Authorization', customer.bearer)
      .send({ productId: String(product!._id), quantity: 1 });
    expect(added.status).toBeLessThan(300);
  }

  async function atCheckout(page: Page): Promise<void> {
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Place order' }).waitFor();
  }

  async function placeOrder(page: Page): Promise<string> {
    const placed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Place order' }).click();
    expect((await placed).status()).toBe(201);
    await page.waitForURL(/\/order\//);
    await page.getByTestId('order-status').waitFor();
    return new URL(page.url()).pathname.split('/').pop() as string;
  }

  test('marks every field, checks the phone for the country, saves the address and offers it at the next checkout', async () => {
    const customer = await createAccount(bs.stack);
    await fillCart(customer);
    const { context, page } = await newPage(bs);
    await signInByStorage(bs, page, customer);
    await atCheckout(page);

    // The country is a select of the countries shipped to, by name.
    await expect(field(page, 'Country').locator('option')).toHaveText(['Choose a country', 'United States', 'United Kingdom', 'Germany']);

    // An empty submit marks every required field with its message and focuses the first.
    await field(page, 'Full name').fill('');
    await page.getByRole('button', { name: 'Place order' }).click();
    const messages: Array<[string, string]> = [
      ['Full name', 'Full name is required'],
      ['Address', 'Address is required'],
      ['City', 'City is required'],
      ['Postal code', 'Postal code is required'],
      ['Country', 'Country is required'],
      ['Phone', 'Phone is required'],
    ];
    for (const [label, message] of messages) {
      await expect(field(page, label)).toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, label)).toHaveAccessibleDescription(message);
    }
    await expect(field(page, 'Full name')).toBeFocused();
    await expectToast(page, 'Please correct the marked fields of the shipping address');

    // Editing a field clears its mark; "abc" as a phone is marked for the chosen country, and focused.
    await field(page, 'Full name').fill('Ann Smith');
    await expect(field(page, 'Full name')).toHaveAttribute('aria-invalid', 'false');
    await field(page, 'Address').fill('1 Main Street');
    await field(page, 'City').fill('Springfield');
    await field(page, 'Postal code').fill('12345');
    await field(page, 'Country').selectOption('US');
    await field(page, 'Phone').fill('abc');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(field(page, 'Phone')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Phone')).toHaveAccessibleDescription('Phone must be a valid phone number of United States');
    await expect(field(page, 'Phone')).toBeFocused();
    for (const [label] of messages.slice(0, 5)) await expect(field(page, label)).toHaveAttribute('aria-invalid', 'false');
    expect(
      await db()
        .collection('orders')
        .countDocuments({ user: new Types.ObjectId(customer.id) }),
    ).toBe(0);

    // A national number of the country is taken, and stored in E.164; "save to my address book" is on by default.
    await field(page, 'Phone').fill('(201) 555-0123');
    await expect(page.getByRole('checkbox', { name: 'Save this address to my address book' })).toBeChecked();
    const first = await placeOrder(page);
    const stored = await db()
      .collection('orders')
      .findOne({ _id: new Types.ObjectId(first) });
    expect(stored?.shippingAddress).toEqual({
      fullName: 'Ann Smith',
      address: '1 Main Street',
      city: 'Springfield',
      postalCode: '12345',
      country: 'US',
      phone: '+12015550123',
    });

    // The next checkout offers the saved address, chosen as the default, and a new one.
    await fillCart(customer);
    await atCheckout(page);
    const saved = page.getByRole('radio', { name: /Ann Smith, 1 Main Street, 12345 Springfield, United States \(default\)/ });
    await expect(saved).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Use a new address' })).not.toBeChecked();
    await expect(field(page, 'Address')).toHaveCount(0);
    await page.getByRole('radio', { name: 'Use a new address' }).check();
    await field(page, 'Address').waitFor();
    await saved.check();
    await expect(field(page, 'Address')).toHaveCount(0);
    const second = await placeOrder(page);
    expect(
      (
        await db()
          .collection('orders')
          .findOne({ _id: new Types.ObjectId(second) })
      )?.shippingAddress,
    ).toEqual(stored?.shippingAddress);
    const user = await db()
      .collection('users')
      .findOne({ _id: new Types.ObjectId(customer.id) });
    expect(user?.addresses).toHaveLength(1);
    await context.close();
  });

  test("shows the server's refusal of a saved address on its field: a country no longer shipped to", async () => {
    const customer = await createAccount(bs.stack);
    const id = new Types.ObjectId();
    await db()
      .collection('users')
      .updateOne(
        { _id: new Types.ObjectId(customer.id) },
        {
          $set: {
            addresses: [
              {
                _id: id,
                fullName: 'Ann Smith',
                address: '5 Rue de Rivoli',
                city: 'Paris',
                postalCode: '75001',
                country: 'FR',
                phone: '+33612345678',
              },
            ],
            defaultAddressId: id,
          },
        },
      );
    await fillCart(customer);
    const { context, page } = await newPage(bs);
    await signInByStorage(bs, page, customer);
    await atCheckout(page);
    await expect(page.getByRole('radio', { name: /5 Rue de Rivoli/ })).toBeChecked();
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Place order' }).click();
    expect((await refused).status()).toBe(400);
    // The address opens in the form, the country marked with the server's message and focused.
    await expect(page.getByRole('radio', { name: 'Use a new address' })).toBeChecked();
    await expect(field(page, 'Address')).toHaveValue('5 Rue de Rivoli');
    await expect(field(page, 'Country')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Country')).toHaveAccessibleDescription('Choose a country we ship to');
    await expect(field(page, 'Country')).toBeFocused();
    await context.close();
  });

  test('the Profile tab edits the address book: edit, add, make default, delete', async () => {
    const customer = await createAccount(bs.stack);
    const added = await bs.stack
      .http()
      .post('/api/users/addresses')
      .set('Authorization', customer.bearer)
      .send({ fullName: 'Ann Smith', address: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US', phone: '+12015550123' });
    expect(added.status).toBe(201);
    const { context, page } = await newPage(bs);
    await signInByStorage(bs, page, customer);
    await page.goto('/profile');
    // Still the spec's four tabs; the address book is in the Profile tab.
    await expect(page.getByRole('tab')).toHaveText(['Profile', 'Security', 'Orders', 'Settings']);
    await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    const book = page.getByRole('region', { name: 'Address book' });
    const entries = book.getByTestId('address-entry');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('Ann Smith, 1 Main Street, 12345 Springfield, United States');
    await expect(entries.first()).toContainText('Default');

    // Edit: the form is checked as the checkout's.
    await entries.first().getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit address' });
    await edit.getByRole('textbox', { name: /^City/ }).fill('Shelbyville');
    await edit.getByRole('textbox', { name: /^Phone/ }).fill('12');
    await edit.getByRole('button', { name: 'Save address' }).click();
    await expect(edit.getByRole('textbox', { name: /^Phone/ })).toHaveAccessibleDescription('Phone must be a valid phone number of United States');
    await expect(edit.getByRole('textbox', { name: /^Phone/ })).toBeFocused();
    await edit.getByRole('textbox', { name: /^Phone/ }).fill('+1 201 555 0199');
    await edit.getByRole('button', { name: 'Save address' }).click();
    await expectToast(page, 'Address updated');
    await expect(entries.first()).toContainText('12345 Shelbyville, United States');
    await expect(entries.first()).toContainText('+12015550199');

    // Add a second one, in the United Kingdom, then make it the default.
    await book.getByRole('button', { name: 'Add address' }).click();
    const create = page.getByRole('form', { name: 'New address' });
    await create.getByRole('textbox', { name: /^Address/ }).fill('10 Downing Street');
    await create.getByRole('textbox', { name: /^City/ }).fill('London');
    await create.getByRole('textbox', { name: /^Postal code/ }).fill('SW1A 2AA');
    await create.getByRole('combobox', { name: /^Country/ }).selectOption('GB');
    await create.getByRole('textbox', { name: /^Phone/ }).fill('020 7946 0000');
    await create.getByRole('button', { name: 'Save address' }).click();
    await expectToast(page, 'Address saved');
    await expect(entries).toHaveCount(2);
    const london = entries.filter({ hasText: 'London' });
    await expect(london).not.toContainText('Default');
    await london.getByRole('button', { name: 'Make default' }).click();
    await expect(london).toContainText('Default');
    await expect(entries.filter({ hasText: 'Shelbyville' })).not.toContainText('Default');

    // Delete the default: the one left becomes the default.
    await london.getByRole('button', { name: 'Delete' }).click();
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('Shelbyville');
    await expect(entries.first()).toContainText('Default');
    const user = await db()
      .collection('users')
      .findOne({ _id: new Types.ObjectId(customer.id) });
    expect(user?.addresses).toEqual([expect.objectContaining({ city: 'Shelbyville', phone: '+12015550199' })]);
    await context.close();
  });

  test('"Cancel order" asks first: a dismissed dialog keeps the order, Confirm cancels it', async () => {
    const customer = await createAccount(bs.stack);
    await fillCart(customer);
    const placed = await bs.stack
      .http()
      .post('/api/orders')
      .set('Authorization', customer.bearer)
      .send({
        shippingAddress: {
          fullName: 'Ann Smith',
          address: '1 Main Street',
          city: 'Springfield',
          postalCode: '12345',
          country: 'US',
          phone: '+12015550123',
        },
        paymentMethod: 'cod',
      });
    expect(placed.status).toBe(201);
    const orderId = placed.body.id as string;
    const status = async () =>
      (
        await db()
          .collection('orders')
          .findOne({ _id: new Types.ObjectId(orderId) })
      )?.status;
    const { context, page } = await newPage(bs);
    await signInByStorage(bs, page, customer);
    await page.goto(`/order/${orderId}`);
    await expect(page.getByTestId('order-status')).toHaveText('Pending');

    const dialog = page.getByRole('dialog', { name: `Cancel order #${placed.body.number}?` });
    const cancelCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(`/api/orders/${orderId}/cancel`)) cancelCalls.push(r.method());
    });

    // The dialog's Cancel keeps the order.
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.waitFor();
    await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Escape dismisses it too.
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.getByTestId('order-status')).toHaveText('Pending');
    expect(cancelCalls).toEqual([]);
    expect(await status()).toBe('pending');

    // Confirm cancels it.
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Order cancelled');
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
    expect(cancelCalls).toEqual(['POST']);
    expect(await status()).toBe('cancelled');
    await context.close();
  });
});
