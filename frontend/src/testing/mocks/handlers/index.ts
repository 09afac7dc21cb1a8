import { accountHandlers } from './account';
import { ageCheckHandlers, resetAgeCheck } from './age-check';
import { billingHandlers } from './billing';
import { galleryHandlers } from './gallery';
import { generateHandlers, resetJobs } from './generate';
import { setUsername } from './profile';
import { recordRequests } from './requests';
import { staffAccountHandlers } from './staff-accounts';
import { staffReviewHandlers } from './staff-review';
import { staffUserHandlers } from './staff-users';

// A fake gateway backed by ../db: the happy paths, plus the rules the UI relies on (auth, pro
// only actions), a file per part of the API. Paths, bodies and answers are typed by the
// gateway's OpenAPI document, and errors carry only the status and `code`s the document lists
// for the operation (contract.test.ts holds them to it). A test arranges db, or overrides one
// handler with server.use().

export { fail, http, invalidFields } from '../gateway';

export const handlers = [
  recordRequests,
  ...accountHandlers,
  ...ageCheckHandlers,
  ...generateHandlers,
  ...galleryHandlers,
  ...billingHandlers,
  ...staffUserHandlers,
  ...staffAccountHandlers,
  ...staffReviewHandlers,
];

export function resetHandlersState(): void {
  setUsername(null);
  resetJobs();
  resetAgeCheck();
}
