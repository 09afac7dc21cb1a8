import { HttpResponse } from 'msw';
import { createOpenApiHttp } from 'openapi-msw';

import type { ErrorBody, ErrorCode, ErrorCodeOf, ErrorDetail, operationErrors, paths } from '@/types/api';

// What every handler of the fake gateway shares: the typed `http`, the error body, the caller.

export const http = createOpenApiHttp<paths>();

/** The gateway's error body; `operation` is "METHOD /path" as in the document. */
export function fail<Operation extends keyof operationErrors, Status extends keyof operationErrors[Operation] & number>(
  _operation: Operation,
  status: Status,
  code: ErrorCodeOf<Operation, Status>,
  message: string,
) {
  // Like the gateway: an invalid_field names its field in front of the message, in `field` and
  // as the one entry of `fields`.
  const field = code === 'invalid_field' ? /^([A-Za-z][A-Za-z0-9_.]*): /.exec(message)?.[1] : undefined;
  // Every code the document lists for an operation is one of its ErrorCode enum.
  const error = { code: code as ErrorCode, message, ...(field && { field, fields: [{ field, message }] }) };
  return HttpResponse.json<ErrorBody>({ error }, { status });
}

/** The operations the document says may answer `status` with `code`. */
type Answering<Status extends number, Code extends ErrorCode> = {
  [Operation in keyof operationErrors]: Code extends ErrorCodeOf<Operation, Status & keyof operationErrors[Operation]>
    ? Operation
    : never;
}[keyof operationErrors];

/** A field at fault and what is wrong with it, as the gateway words it after "<field>: ". */
export type FieldProblem = readonly [field: string, problem: string];

/** The gateway's 422 `invalid_field` for every field at fault, in `fields`; `field` and `message` are the first's. */
export function invalidFields(_operation: Answering<422, 'invalid_field'>, problems: readonly [FieldProblem, ...FieldProblem[]]) {
  const fields = problems.map(([field, problem]) => ({ field, message: `${field}: ${problem}` }));
  const [field, problem] = problems[0];
  return HttpResponse.json<ErrorBody>(
    { error: { code: 'invalid_field', message: `${field}: ${problem}`, field, fields } },
    { status: 422 },
  );
}

/**
 * The gateway's refusal of a prompt by its content rules: 422 `prompt_refused` with the field,
 * the rule and the words, as the generation calls answer it. `source` is the prompt of the image
 * a variation or an upscale is drawn from; `strike` is false for a request to rephrase, which
 * does not count against the account.
 */
export function refuse(
  _operation: Answering<422, 'prompt_refused'>,
  field: 'prompt' | 'negativePrompt' | 'source',
  category: ErrorDetail['category'],
  words: string[],
  message: string,
  strike = true,
) {
  return HttpResponse.json<ErrorBody>(
    { error: { code: 'prompt_refused', message, field, category, words, strike } },
    { status: 422 },
  );
}

/** The uid the bearer token names, or null. */
export function caller(request: Request): string | null {
  const match = /^Bearer token-for-(.+)$/.exec(request.headers.get('Authorization') ?? '');
  return match?.[1] ?? null;
}

export const signInFirst = 'Sign in first: this call needs an ID token';
