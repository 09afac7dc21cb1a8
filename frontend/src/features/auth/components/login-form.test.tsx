import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { fakeAuth } from '@/testing/fake-firebase';
import { renderApp } from '@/testing/render-app';

import { LoginForm } from './login-form';

function renderForm() {
  const onSuccess = vi.fn<() => void>();
  const view = renderApp(<LoginForm onSuccess={onSuccess} />);
  const fill = async (email: string, password: string) => {
    if (email) await view.user.type(screen.getByLabelText('Email'), email);
    if (password) await view.user.type(screen.getByLabelText('Password'), password);
    await view.user.click(screen.getByRole('button', { name: 'Login' }));
  };
  return { onSuccess, fill };
}

describe('LoginForm', () => {
  it.each([
    ['', ''],
    ['ada@example.com', ''],
    ['', 'secret-password'],
  ])('asks for every field when email is %j and password is %j', async (email, password) => {
    const { fill, onSuccess } = renderForm();
    await fill(email, password);
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it.each(['ada', 'ada@example', '@example.com', 'ada example@x.com'])(
    'rejects the malformed email %j',
    async (email) => {
      const { fill } = renderForm();
      await fill(email, 'secret-password');
      expect(screen.getByRole('alert')).toHaveTextContent('Please provide a valid email');
    },
  );

  it("says a wrong password in plain words, after the product's prefix", async () => {
    fakeAuth.addAccount({ email: 'ada@example.com', password: 'right-password' });
    const { fill, onSuccess } = renderForm();
    await fill('ada@example.com', 'wrong-password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Login Error: The email or password is incorrect\.$/);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('says the same for an email without an account', async () => {
    const { fill } = renderForm();
    await fill('nobody@example.com', 'any-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login Error: The email or password is incorrect\.$/);
  });

  it.each([
    ['network-request-failed', 'We could not reach the sign-in service. Check your connection and try again.'],
    ['user-disabled', 'This account has been disabled. Contact support if you think this is a mistake.'],
    ['a-code-from-a-future-sdk', 'Something went wrong on our side. Please try again in a moment.'],
  ])('words auth/%s for people', async (code, words) => {
    fakeAuth.addAccount({ email: 'ada@example.com', password: 'right-password' });
    fakeAuth.failNext(code, 'signIn');
    const { fill } = renderForm();
    await fill('ada@example.com', 'right-password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Login Error: ${words}`);
    expect(alert).not.toHaveTextContent(/firebase|auth\//i);
  });

  it('offers a password reset', () => {
    renderForm();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('signs in and reports success with valid credentials', async () => {
    fakeAuth.addAccount({ email: 'ada@example.com', password: 'right-password' });
    const { fill, onSuccess } = renderForm();
    await fill('ada@example.com', 'right-password');
    expect(onSuccess).toHaveBeenCalledOnce();
    expect(screen.getByRole('alert', { hidden: true })).toBeEmptyDOMElement();
  });
});
