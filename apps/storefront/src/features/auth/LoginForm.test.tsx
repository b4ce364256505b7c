import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customer, renderWithProviders } from '../../test/render';
import { deferred, stubFetch, type Reply } from '../../../../../test/web-support/fetch';
import { LoginForm } from './LoginPage';

const CHECKOUT = { path: '/checkout', element: <h1>Checkout</h1> };

function setup(path = '/login?redirect=/checkout') {
  const rendered = renderWithProviders(<LoginForm />, { path, route: '/login', routes: [CHECKOUT] });
  return {
    ...rendered,
    email: screen.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement,
    password: screen.getByLabelText(/^Password/) as HTMLInputElement,
    submit: () => rendered.user.click(screen.getByRole('button', { name: 'Sign In' })),
  };
}

describe('LoginForm', () => {
  it('asks for both fields before calling the server', async () => {
    const { requests } = stubFetch(() => undefined);
    const { submit, email, user } = setup();
    await submit();
    expect(await screen.findByText('Please fill all the fields')).toBeTruthy();
    await user.type(email, 'ada@example.com');
    await submit();
    expect(await screen.findAllByText('Please fill all the fields')).toHaveLength(2);
    expect(requests).toEqual([]);
  });

  it('flags a malformed e-mail when the field is left, and clears the flag as the shopper corrects it', async () => {
    const { email, user } = setup();
    await user.type(email, 'ada.example.com');
    await user.tab();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    await user.type(email, 'x');
    expect(email.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText('Invalid email address')).toBeNull();
  });

  it('refuses a malformed e-mail on submit without calling the server', async () => {
    const { requests } = stubFetch(() => undefined);
    const { email, password, submit, user } = setup();
    await user.type(email, 'ada@example');
    await user.type(password, 'correct horse');
    await submit();
    // The field's message, and the same message as a toast.
    expect(await screen.findAllByText('Invalid email address')).toHaveLength(2);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(requests).toEqual([]);
  });

  it('signs in: sends the credentials, shows the busy button, stores the session and follows the redirect', async () => {
    const answer = deferred<Reply>();
    const { requests } = stubFetch(({ method, path }) => (method === 'POST' && path === '/api/users/auth' ? answer.promise : undefined));
    const { email, password, submit, store, router, user } = setup();
    await user.type(email, 'ada@example.com');
    await user.type(password, 'correct horse');
    await submit();

    const busy = (await screen.findByRole('button', { name: 'Signing in...' })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(requests).toHaveLength(1);
    expect(requests[0].body).toEqual({ email: 'ada@example.com', password: 'correct horse' });
    expect(requests[0].headers.get('X-Requested-With')).toBe('XMLHttpRequest');

    answer.resolve({ body: customer() });
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(store.getState().session.userInfo?.email).toBe('ada@example.com');
    expect(localStorage.getItem('token')).toBe('header.payload.signature');
    expect(await screen.findByText('Logged In')).toBeTruthy();
  });

  it("shows the server's refusal and lets the shopper try again", async () => {
    stubFetch(() => ({ status: 401, body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Invalid email or password' } }));
    const { email, password, submit, store, router, user } = setup();
    await user.type(email, 'ada@example.com');
    await user.type(password, 'wrong');
    await submit();
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(false));
    expect(store.getState().session.userInfo).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows and hides the password', async () => {
    const { password, user } = setup();
    expect(password.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });
});
