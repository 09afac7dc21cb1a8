import createClient, { type Middleware } from 'openapi-fetch';

import { getIdToken } from '@/lib/firebase';
import type { FieldError, paths } from '@/types/api';

/** What a 422 `prompt_refused` says besides its message. */
export interface Refused {
  readonly category: string;
  readonly words: readonly string[];
  /** False when it rests on one ambiguous sign: the user is asked to rephrase, and it does not count. */
  readonly strike: boolean;
}

/** What an error body says besides its code and message. */
interface ErrorExtras {
  readonly field?: string;
  readonly fields?: readonly FieldError[];
  readonly refused?: Refused;
  readonly retryAfter?: number;
}

/**
 * A failed gateway call, carrying the gateway's `{"error":{"code","message"}}` body. Besides
 * the gateway's codes, `network_error` (unreachable), `http_error` (an answer that is not the
 * gateway's) and `bad_url` (an image address on another origin) come from this client.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the gateway could not be reached. */
  readonly status: number;
  /** The gateway's machine-readable code, e.g. `pro_required`. */
  readonly code: string;
  /** With `invalid_field` and `prompt_refused`: the field at fault, as the request names it. */
  readonly field: string | undefined;
  /** With `invalid_field`: every field at fault, `field` the first; each message is "<field>: <problem>". */
  readonly fields: readonly FieldError[] | undefined;
  /** With `prompt_refused`: the rule that refused it, the words, as the request wrote them, and whether it counts. */
  readonly refused: Refused | undefined;
  /** Seconds the gateway asks to wait before asking again (`Retry-After`), when it says. */
  readonly retryAfter: number | undefined;

  constructor(status: number, code: string, message: string, { field, fields, refused, retryAfter }: ErrorExtras = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
    this.fields = fields;
    this.refused = refused;
    this.retryAfter = retryAfter;
  }
}

/** A field at fault and what is wrong with it, as a 422 `invalid_field` says. */
export interface FieldProblem {
  readonly field: string;
  /** The message after "<field>: ", or all of it when it does not start so. */
  readonly problem: string;
  /** The gateway's whole message, "<field>: <problem>". */
  readonly message: string;
}

function problemOf(field: string, message: string): FieldProblem {
  const problem = message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
  return { field, problem, message };
}

/**
 * The field a 422 `invalid_field` names and what is wrong with it: the body's `field`, and the
 * message, which the gateway words "<field>: <problem>" (docs/product.md,
 * Errors). Null for any other error, or one that names no field.
 */
export function invalidField(error: unknown): FieldProblem | null {
  if (!(error instanceof ApiError) || error.code !== 'invalid_field') return null;
  const field = error.field ?? /^([A-Za-z][A-Za-z0-9_.]*): (.+)$/s.exec(error.message)?.[1];
  return field ? problemOf(field, error.message) : null;
}

/**
 * Every field a 422 `invalid_field` finds at fault, in the gateway's order: its `fields`, or
 * the one `invalidField` reads where the body lists none. Empty for any other error.
 */
export function invalidFields(error: unknown): readonly FieldProblem[] {
  if (error instanceof ApiError && error.code === 'invalid_field' && error.fields?.length) {
    return error.fields.map(({ field, message }) => problemOf(field, message));
  }
  const first = invalidField(error);
  return first ? [first] : [];
}

function isErrorBody(
  value: unknown,
): value is {
  error: {
    code: string;
    message: string;
    field?: unknown;
    fields?: unknown;
    category?: unknown;
    words?: unknown;
    strike?: unknown;
  };
} {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const { error } = value;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}

function isFieldError(value: unknown): value is FieldError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'field' in value &&
    typeof value.field === 'string' &&
    'message' in value &&
    typeof value.message === 'string'
  );
}

// The gateway sends whole seconds; the HTTP-date form is not one it uses.
function retryAfterOf(header: string | null): number | undefined {
  if (!header || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header);
}

/** Proxies and crashed upstreams answer with HTML or nothing; then the status is all there is. */
function toApiError(response: Response, body: unknown): ApiError {
  const { status } = response;
  if (isErrorBody(body)) {
    const { code, message, field, fields, category, words, strike } = body.error;
    // Only a refusal that says `strike: false` is a request to rephrase; one that does not say counts.
    const refused =
      typeof category === 'string' && Array.isArray(words)
        ? { category, words: words.filter((word): word is string => typeof word === 'string'), strike: strike !== false }
        : undefined;
    const retryAfter = retryAfterOf(response.headers.get('Retry-After'));
    return new ApiError(status, code, message, {
      field: typeof field === 'string' ? field : undefined,
      fields: Array.isArray(fields) ? fields.filter(isFieldError) : undefined,
      refused,
      retryAfter,
    });
  }
  return new ApiError(status, 'http_error', `Request failed with status ${String(status)}`);
}

const unreachable = () =>
  new ApiError(0, 'network_error', 'Could not reach Lucent. Check your connection and try again.');

async function authorize(headers: Headers): Promise<void> {
  const token = await getIdToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
}

const bearer: Middleware = {
  async onRequest({ request }) {
    await authorize(request.headers);
    return request;
  },
};

/**
 * The one client of the gateway, typed by its OpenAPI document. Same origin: the page's own
 * origin is the base, since `new Request()` needs an absolute URL. `fetch` is looked up per
 * call so test doubles installed after import are used.
 */
export const client = createClient<paths>({
  baseUrl: globalThis.location.origin,
  fetch: (request) => globalThis.fetch(request),
});
client.use(bearer);

interface Outcome<T> {
  readonly data?: T;
  readonly error?: unknown;
  readonly response: Response;
}

/** Awaits a call: its data and answer when the gateway answered 2xx, or an ApiError (an abort is passed through as is). */
async function settle<T>(call: Promise<Outcome<T>>): Promise<{ readonly data: T; readonly response: Response }> {
  let outcome: Outcome<T>;
  try {
    outcome = await call;
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw unreachable();
  }
  if (!outcome.response.ok) throw toApiError(outcome.response, outcome.error);
  return { data: outcome.data as T, response: outcome.response };
}

/** Awaits a `client` call: its data, or an ApiError (an abort is passed through as is). */
export async function unwrap<T>(call: Promise<Outcome<T>>): Promise<T> {
  return (await settle(call)).data;
}

/** A file the gateway served, with the name its `Content-Disposition` gives (if any). */
export interface DownloadedFile {
  readonly blob: Blob;
  readonly filename: string | null;
}

// attachment; filename="generated_image_ab12CD34.png" (or the RFC 5987 filename* form).
function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?'?([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() ?? null;
}

/** Awaits a `client` call made with `parseAs: 'blob'`: the file, or an ApiError as `unwrap` throws. */
export async function unwrapFile(call: Promise<Outcome<Blob>>): Promise<DownloadedFile> {
  const { data, response } = await settle(call);
  return { blob: data, filename: filenameOf(response.headers.get('Content-Disposition')) };
}

/**
 * GETs a file (an image) at an address the gateway gave, such as a generation's `imageUrl`.
 * Only same-origin paths are fetched, since they get the bearer token.
 */
export async function fetchFile(url: string, signal?: AbortSignal): Promise<DownloadedFile> {
  if (!url.startsWith('/') || url.startsWith('//')) {
    throw new ApiError(0, 'bad_url', 'This image address is not served by Lucent.');
  }
  const headers = new Headers({ Accept: 'image/png, */*' });
  await authorize(headers);
  return unwrapFile(
    globalThis.fetch(url, { headers, signal }).then(async (answer) => ({
      response: answer,
      data: answer.ok ? await answer.blob() : undefined,
      error: answer.ok ? undefined : ((await answer.json().catch(() => null)) as unknown),
    })),
  );
}
