import { getIdToken } from '@/lib/firebase';

const API_BASE = '/api/v1';

/** A failed gateway call, carrying the gateway's `{"error":{"code","message"}}` body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the gateway could not be reached. */
  readonly status: number;
  /** The gateway's machine-readable code, e.g. `pro_required`. */
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

interface RequestOptions {
  readonly body?: unknown;
  readonly signal?: AbortSignal;
}

function isErrorBody(value: unknown): value is { error: { code: string; message: string } } {
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

async function toApiError(response: Response): Promise<ApiError> {
  // Proxies and crashed upstreams answer with HTML or nothing; fall back to the status.
  const body: unknown = await response.json().catch(() => null);
  if (isErrorBody(body)) {
    return new ApiError(response.status, body.error.code, body.error.message);
  }
  return new ApiError(response.status, 'http_error', `Request failed with status ${response.status}`);
}

interface SendOptions extends RequestOptions {
  readonly accept?: string;
}

/** Sends a request with the ID token; resolves to an OK response or throws an ApiError. */
async function send(method: string, url: string, options: SendOptions = {}): Promise<Response> {
  const headers = new Headers({ Accept: options.accept ?? 'application/json' });
  const token = await getIdToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network_error', 'Could not reach Lucent. Check your connection and try again.');
  }

  if (!response.ok) throw await toApiError(response);
  return response;
}

async function request<T>(method: string, path: `/${string}`, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, `${API_BASE}${path}`, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
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

// Only same-origin paths get the bearer token.
function sameOriginPath(url: string): string {
  if (!url.startsWith('/') || url.startsWith('//')) {
    throw new ApiError(0, 'bad_url', 'This image address is not served by Lucent.');
  }
  return url;
}

export const api = {
  get: <T>(path: `/${string}`, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: `/${string}`, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  delete: <T = void>(path: `/${string}`, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('DELETE', path, options),
  /**
   * POSTs asking for Server-Sent Events; resolves to the response once the stream has started.
   * Errors before that (validation, quota, auth) reject with an ApiError like any other call.
   */
  stream: (path: `/${string}`, body: unknown, options?: Omit<RequestOptions, 'body'>) =>
    send('POST', `${API_BASE}${path}`, { ...options, body, accept: 'text/event-stream' }),
  /** GETs a file (an image) from a same-origin path such as a generation's `imageUrl`. */
  file: async (url: string, options?: Omit<RequestOptions, 'body'>): Promise<DownloadedFile> => {
    const response = await send('GET', sameOriginPath(url), { ...options, accept: 'image/png, */*' });
    return { blob: await response.blob(), filename: filenameOf(response.headers.get('Content-Disposition')) };
  },
};
