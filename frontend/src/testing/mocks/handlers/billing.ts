import { db } from '../db';
import { caller, fail, http, signInFirst } from '../gateway';

// Premium: the checkout, its success page's check, and the subscriber's billing portal.

export const billingHandlers = [
  http.post('/api/v1/checkout', ({ request, response }) => {
    if (!caller(request)) return fail('POST /api/v1/checkout', 401, 'token_missing', signInFirst);
    if (db.plan === 'pro') return fail('POST /api/v1/checkout', 409, 'already_subscribed', 'You are already subscribed to Premium.');
    if (db.suspension) {
      return fail('POST /api/v1/checkout', 403, 'account_suspended', 'generation is suspended for this account until our staff have reviewed it, so Premium cannot be bought now');
    }
    return response(200).json({ url: 'http://127.0.0.1:8080/checkout/test/cs_test_123' });
  }),

  http.post('/api/v1/payment-success', async ({ request, response }) => {
    const uid = caller(request);
    if (!uid) return fail('POST /api/v1/payment-success', 401, 'token_missing', signInFirst);
    const body = await request.json();
    if (body.firebaseId !== uid) {
      return fail('POST /api/v1/payment-success', 403, 'uid_mismatch', 'firebaseId is not the signed-in user');
    }
    db.plan = 'pro';
    return response(200).json({ message: 'Payment confirmed. Welcome to Premium!', plan: 'pro' });
  }),

  http.post('/api/v1/billing/portal', ({ request, response }) => {
    if (!caller(request)) return fail('POST /api/v1/billing/portal', 401, 'token_missing', signInFirst);
    if (db.plan !== 'pro') {
      return fail('POST /api/v1/billing/portal', 403, 'pro_required', 'Only Premium members have a subscription to manage');
    }
    return response(200).json({ url: 'https://billing.stripe.com/p/session/test_123' });
  }),
];
