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

async function request<T>(method: string, path: `/${string}`, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = await getIdToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
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
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: `/${string}`, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: `/${string}`, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  delete: <T = void>(path: `/${string}`, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('DELETE', path, options),
};
