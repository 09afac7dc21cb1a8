import { db } from '../db';
import { caller, fail, http, signInFirst } from '../gateway';

/** The pending age check's test-mode inquiry, which starting again resumes; the ids count up. */
let pendingInquiry: string | null = null;
let nextInquiry = 1;

export function resetAgeCheck(): void {
  pendingInquiry = null;
  nextInquiry = 1;
}

/** Like the gateway's check of the way back: a path of this app only. */
const isAppPath = (path: string) =>
  path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && path.length <= 512;

export const ageCheckHandlers = [
  http.post('/api/v1/me/age-check', async ({ request, response }) => {
    const operation = 'POST /api/v1/me/age-check';
    if (!caller(request)) return fail(operation, 401, 'token_missing', signInFirst);
    if (!db.ageCheck.required) return fail(operation, 404, 'not_found', 'age check not found');
    const { returnTo } = await request.json();
    if (!isAppPath(returnTo ?? '/generate')) {
      return fail(operation, 422, 'invalid_field', 'returnTo must be a path of this app, such as /generate');
    }
    if (db.ageCheck.status === 'verified') return fail(operation, 409, 'age_already_verified', 'your age is already verified');
    if (db.ageCheck.status === 'minor') {
      return fail(
        operation,
        403,
        'age_check_locked',
        'your age check found you are under 18; a new check can only be opened by our support team',
      );
    }
    // A pending check is resumed: the same inquiry, begun when it began.
    if (db.ageCheck.status !== 'pending' || pendingInquiry === null) {
      db.ageCheck = { ...db.ageCheck, status: 'pending', checkedAt: Date.now() };
      pendingInquiry = `inq_test_${String(nextInquiry++)}`;
    }
    return response(201).json({ url: `http://127.0.0.1:8080/age-check/test/${pendingInquiry}` });
  }),
];
