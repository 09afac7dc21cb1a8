/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';

import { fail, invalidFields, refuse } from './gateway';
import { handlers } from './handlers';
import { recordRequests } from './handlers/requests';
import { answersIn } from './source-answers';

// The fake gateway held to the real one's contract, read from contracts/openapi.json itself (not
// from the types generated from it): every route it answers is one of the contract's, and every
// error it answers with is a status and `code` the contract documents for that operation. The
// routes are the handlers themselves; the errors are read from the fake's source
// (source-answers.ts), so that a branch no test reaches is held to it too.

interface Operation {
  readonly responses?: Record<string, { readonly description?: string }>;
}

interface Contract {
  readonly paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** The codes the contract lists for each operation ("POST /api/v1/jobs") and status: "`code` is one of: a, b". */
function documentedErrors(contract: Contract): Map<string, Map<number, readonly string[]>> {
  const operations = new Map<string, Map<number, readonly string[]>>();
  for (const [path, item] of Object.entries(contract.paths)) {
    for (const method of METHODS.filter((name) => name in item)) {
      const statuses = new Map<number, readonly string[]>();
      for (const [status, response] of Object.entries(item[method]?.responses ?? {})) {
        const listed = /`code` is one of: (.+)$/.exec(response.description ?? '')?.[1];
        if (listed) statuses.set(Number(status), listed.split(',').map((code) => code.trim()));
      }
      operations.set(`${method.toUpperCase()} ${path}`, statuses);
    }
  }
  return operations;
}

// Outside the web app's root, which Vite serves modules from: read from the disk.
const contractPath = resolve(import.meta.dirname, '../../../../contracts/openapi.json');
const contract = JSON.parse(readFileSync(contractPath, 'utf8')) as Contract;
const documented = documentedErrors(contract);

/** A path with its parameters unnamed, whichever way they are written: `{id}` (OpenAPI) or `:id` (MSW). */
const template = (path: string) => path.replace(/\{[^}]+\}|:[A-Za-z_]\w*/g, '{}');

/** The contract's operation a route of the fake is, if it has it: "GET /api/v1/jobs/{id}". */
function operationOf(method: string, path: string): string | undefined {
  const found = Object.keys(contract.paths).find((candidate) => template(candidate) === template(path));
  const has = found !== undefined && method.toLowerCase() in (contract.paths[found] ?? {});
  return has ? `${method.toUpperCase()} ${found}` : undefined;
}

/** The fake's source files: its handlers and what they call to check a body. */
const sources = import.meta.glob<string>(['./handlers/*.ts', './generation-*.ts', '!./**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The handlers that answer: all but the one that records every request and lets it through. */
const answering = handlers.filter((handler: RequestHandler) => handler !== recordRequests);

const scanned = Object.entries(sources).map(([file, text]) => answersIn(file, text));
const answers = scanned.flatMap((each) => each.answers);

describe('The fake gateway against contracts/openapi.json', () => {
  it('answers only routes the contract has, with their methods', () => {
    const routes = answering.map(({ info }) => `${String(info.method)} ${String(info.path)}`);
    const unknown = routes.filter((route) => {
      const [method = '', path = ''] = route.split(' ');
      return operationOf(method, path) === undefined;
    });

    expect(routes.length).toBeGreaterThan(30);
    expect(unknown).toEqual([]);
  });

  it("reads the source of every handler, so that none of the fake's errors goes unread", () => {
    const read = new Set(scanned.flatMap(({ routes }) => routes.map((route) => template(route))));
    const unread = answering
      .map(({ info }) => `${String(info.method)} ${String(info.path)}`)
      .filter((route) => !read.has(template(route)));
    expect(unread).toEqual([]);
  });

  it('answers every error with a status and code the contract documents for that operation', () => {
    expect(answers.length).toBeGreaterThan(60);
    const undocumented = answers.flatMap(({ at, operations, status, code, route }) => {
      if (operations.length === 0 || status === undefined || code === undefined) {
        return [`${at}: cannot tell what it answers`];
      }
      return operations.flatMap((operation) => {
        if (route && operation !== route) return [`${at}: answers for ${operation} in the handler of ${route}`];
        const codes = documented.get(operation)?.get(status);
        return codes?.includes(code) ? [] : [`${at}: ${operation} ${String(status)} ${code}`];
      });
    });
    expect(undocumented).toEqual([]);
  });

  it('writes its errors only through fail, invalidFields and refuse', () => {
    expect(scanned.flatMap(({ elsewhere }) => elsewhere)).toEqual([]);
  });

  it('answers with the status and code each helper is read as', async () => {
    const answered = async (response: Response) => ({
      status: response.status,
      code: ((await response.json()) as { error: { code: string } }).error.code,
    });
    expect(await answered(fail('GET /api/v1/me', 409, 'profile_missing', 'no profile'))).toEqual({
      status: 409,
      code: 'profile_missing',
    });
    expect(await answered(invalidFields('POST /api/v1/jobs', [['prompt', 'is required']]))).toEqual({
      status: 422,
      code: 'invalid_field',
    });
    expect(await answered(refuse('POST /api/v1/jobs', 'prompt', 'minor', ['15 year old'], 'refused'))).toEqual({
      status: 422,
      code: 'prompt_refused',
    });
  });
});
