// Generates src/types/api.gen.ts from the gateway's OpenAPI document (contracts/openapi.json),
// the one description of the API the browser relies on. `--check` regenerates in memory and
// fails when the committed file differs, so a gateway change cannot leave the web app behind.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import openapiTS, { astToString } from 'openapi-typescript';

const contract = fileURLToPath(new URL('../../contracts/openapi.json', import.meta.url));
const target = fileURLToPath(new URL('../src/types/api.gen.ts', import.meta.url));
const document = JSON.parse(readFileSync(contract, 'utf8'));
const methods = ['get', 'put', 'post', 'delete', 'patch'];

function operationsOf(doc) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    methods.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method] })),
  );
}

// Each error response says which `code`s it carries in its description ("`code` is one of:
// a, b"); the schema alone only says "any ErrorCode". The fake gateway is typed by this map.
function errorCodes(doc) {
  const lines = [];
  for (const { path, method, operation } of operationsOf(doc)) {
    const statuses = Object.entries(operation.responses ?? {}).flatMap(([status, response]) => {
      const listed = /`code` is one of: (.+)$/.exec(response.description ?? '');
      if (!listed) return [];
      const codes = listed[1].split(',').map((code) => JSON.stringify(code.trim()));
      return [`        ${status}: ${codes.join(' | ')};`];
    });
    if (statuses.length === 0) continue;
    lines.push(`    "${method.toUpperCase()} ${path}": {`, ...statuses, '    };');
  }
  return [
    '/** Per operation and status, the error `code`s the document lists for it. */',
    'export interface operationErrors {',
    ...lines,
    '}',
  ].join('\n');
}

const banner = `/**
 * Generated from contracts/openapi.json by \`npm run api:types\`: do not edit.
 * \`npm run api:check\` (part of the test command) fails when this file is stale.
 */

`;
const generated = `${banner}${astToString(await openapiTS(document))}\n${errorCodes(document)}\n`;

if (process.argv.includes('--check')) {
  const committed = readFileSync(target, 'utf8');
  if (committed !== generated) {
    console.error('src/types/api.gen.ts is stale: contracts/openapi.json changed. Run `npm run api:types`.');
    process.exit(1);
  }
} else {
  writeFileSync(target, generated);
}
