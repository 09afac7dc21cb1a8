import { useState } from 'react';

import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { refreshEmailVerified, sendEmailVerification } from '@/lib/firebase';

import { authErrorMessage } from '../auth-errors';

type Step = 'idle' | 'sending' | 'sent' | 'checking' | 'still-unverified';

/**
 * The profile's email line: verified or not, and for an unverified address a link to verify
 * it, then a check once it was followed. A fresh token carries the verification to the
 * gateway, which is where a deleted account's standing meets a verified address
 * (docs/ARCHITECTURE.md, "A standing that survives a new sign-up"); `onVerified` re-reads the
 * profile after it.
 */
export function EmailVerification({ email, onVerified }: { readonly email: string; readonly onVerified: () => void }) {
  const { user, refresh } = useAuth();
  const [step, setStep] = useState<Step>('idle');
  const [error, setError] = useState<string | null>(null);
  const verified = user?.emailVerified ?? false;

  async function send() {
    setStep('sending');
    setError(null);
    try {
      await sendEmailVerification(new URL(paths.profile, window.location.origin).href);
      setStep('sent');
    } catch (cause) {
      setError(authErrorMessage(cause));
      setStep('idle');
    }
  }

  async function check() {
    setStep('checking');
    setError(null);
    try {
      if (await refreshEmailVerified()) {
        refresh();
        onVerified();
        setStep('idle');
      } else {
        setStep('still-unverified');
      }
    } catch (cause) {
      setError(authErrorMessage(cause));
      setStep('sent');
    }
  }

  return (
    <div>
      <dt>Email</dt>
      <dd data-testid="profile-email">
        {email} · {verified ? 'Verified' : 'Not verified'}
        {!verified && (
          <>
            {step === 'idle' || step === 'sending' ? (
              <>
                {' '}
                <button
                  type="button"
                  className="button button-small"
                  disabled={step === 'sending'}
                  onClick={() => void send()}
                >
                  {step === 'sending' ? 'Sending…' : 'Send a verification link'}
                </button>
              </>
            ) : (
              <span role="status">
                {' '}
                {step === 'still-unverified'
                  ? 'The link has not been followed yet.'
                  : `We sent a link to ${email}. Follow it, then come back here.`}{' '}
                <button
                  type="button"
                  className="button button-small"
                  disabled={step === 'checking'}
                  onClick={() => void check()}
                >
                  {step === 'checking' ? 'Checking…' : 'I have followed the link'}
                </button>
              </span>
            )}
            {error && (
              <span role="alert" className="alert">
                {error}
              </span>
            )}
          </>
        )}
      </dd>
    </div>
  );
}
