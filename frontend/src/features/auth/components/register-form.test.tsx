import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { fakeAuth } from '@/testing/fake-firebase';
import { fail, http } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';

import { RegisterForm } from './register-form';

interface Fields {
  name?: string;
  email?: string;
  password?: string;
  adult?: boolean;
}

function renderForm() {
  const onSuccess = vi.fn<() => void>();
  const { user } = renderApp(<RegisterForm onSuccess={onSuccess} />);
  const fill = async ({ name, email, password, adult }: Fields) => {
    if (name) await user.type(screen.getByLabelText('Name'), name);
    if (email) await user.type(screen.getByLabelText('Email'), email);
    if (password) await user.type(screen.getByLabelText('Password'), password);
    if (adult) await user.click(screen.getByLabelText('I am 18 or older'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
  };
  return { onSuccess, fill };
}

const valid = { name: 'Ada', email: 'ada@example.com', password: 'secret-password', adult: true };

describe('RegisterForm', () => {
  it.each([
    { ...valid, name: '' },
    { ...valid, email: '' },
    { ...valid, password: '' },
  ])('asks for every field (%o)', async (fields) => {
    const { fill, onSuccess } = renderForm();
    await fill(fields);
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('rejects a malformed email', async () => {
    const { fill } = renderForm();
    await fill({ ...valid, email: 'ada@example' });
    expect(screen.getByRole('alert')).toHaveTextContent('Please provide a valid email');
  });

  it('rejects a password shorter than 6 characters', async () => {
    const { fill } = renderForm();
    await fill({ ...valid, password: '12345' });
    expect(screen.getByRole('alert')).toHaveTextContent('Password should be at least 6 characters');
  });

  it('asks an adult to confirm it, and creates nothing until then', async () => {
    const { fill, onSuccess } = renderForm();
    await fill({ ...valid, adult: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Please confirm that you are 18 or older');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(fakeAuth.signedInUser()).toBeNull();
  });

  it('says in plain words that the email already has an account', async () => {
    fakeAuth.addAccount({ email: valid.email });
    const { fill, onSuccess } = renderForm();
    await fill(valid);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^An account with this email already exists\. Log in, or reset its password\.$/);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("never shows the provider's raw text, whatever it fails with", async () => {
    fakeAuth.failNext('password-does-not-meet-requirements', 'createAccount');
    const { fill } = renderForm();
    await fill(valid);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This password is not strong enough.');
    expect(alert).not.toHaveTextContent(/firebase|auth\//i);
  });

  it("shows the gateway's message when the profile cannot be saved", async () => {
    server.use(
      http.post('/api/v1/me', () =>
        fail('POST /api/v1/me', 503, 'store_unavailable', 'Try again in a minute'),
      ),
    );
    const { fill, onSuccess } = renderForm();
    await fill(valid);
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in a minute');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('creates the account with its display name and posts the profile with the ID token', async () => {
    const posted = vi.fn<(body: unknown, authorization: string | null) => void>();
    server.use(
      http.post('/api/v1/me', async ({ request, response }) => {
        posted(await request.json(), request.headers.get('Authorization'));
        return response(200).json({
          uid: 'uid-1',
          email: valid.email,
          username: 'Ada',
          ageConfirmed: true,
          createdAt: 0,
          plan: 'free',
          quota: { used: 0, limit: 10, bonus: 0, resetsAt: '2026-11-23T00:00:00Z' },
          standing: { strikes: 0, warnAt: 3, suspendAt: 5 },
          // A new account, on a server that checks ages.
          ageCheck: { status: 'unverified', required: true },
        });
      }),
    );
    const { fill, onSuccess } = renderForm();
    await fill({ ...valid, name: '  Ada  ' });

    expect(onSuccess).toHaveBeenCalledOnce();
    expect(posted).toHaveBeenCalledExactlyOnceWith({ username: 'Ada', ageConfirmed: true }, 'Bearer token-for-uid-1');
    expect(fakeAuth.signedInUser()).toEqual({ uid: 'uid-1', email: valid.email, displayName: 'Ada', emailVerified: false });
    await waitFor(() => {
      expect(fakeAuth.verificationLinks()).toEqual([{ uid: 'uid-1', continueUrl: `${window.location.origin}/profile` }]);
    });
  });
});
