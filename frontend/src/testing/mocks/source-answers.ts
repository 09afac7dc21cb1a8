import ts from 'typescript';

// What the fake gateway's source says it answers with, read as TypeScript without running it:
// every call of `fail`, `invalidFields` and `refuse` (the operation, status and code each names,
// and the route whose handler it is in), every handler registered, and any error status written
// some other way. contract.test.ts holds them to contracts/openapi.json.

/** An error answer found in the source: what it names, and where. */
export interface Answer {
  readonly at: string;
  /** The operations it may answer for: one, or those a parameter's type allows. */
  readonly operations: readonly string[];
  readonly status: number | undefined;
  readonly code: string | undefined;
  /** The route whose handler it is written in, if it is written in one: "GET /api/v1/me". */
  readonly route: string | undefined;
}

/** The string literals a type allows: a literal, a union of them, or an alias of either in the same file. */
function literalTypes(type: ts.TypeNode): readonly string[] {
  if (ts.isUnionTypeNode(type)) return type.types.flatMap(literalTypes);
  if (ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal)) return [type.literal.text];
  if (!ts.isTypeReferenceNode(type) || !ts.isIdentifier(type.typeName)) return [];
  const name = type.typeName.text;
  const alias = type
    .getSourceFile()
    .statements.find((statement) => ts.isTypeAliasDeclaration(statement) && statement.name.text === name);
  return alias && ts.isTypeAliasDeclaration(alias) ? literalTypes(alias.type) : [];
}

/** The string literals `node` stands for: itself, a constant it names, or a parameter's literal type. */
function literalsOf(node: ts.Node | undefined): readonly string[] {
  if (!node) return [];
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (!ts.isIdentifier(node)) return [];
  for (let scope: ts.Node = node; !ts.isSourceFile(scope); ) {
    scope = scope.parent;
    if (ts.isFunctionLike(scope)) {
      const parameter = scope.parameters.find((each) => ts.isIdentifier(each.name) && each.name.text === node.text);
      if (parameter?.type) return literalTypes(parameter.type);
    }
    if (ts.isBlock(scope) || ts.isSourceFile(scope)) {
      for (const statement of scope.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        for (const declaration of statement.declarationList.declarations) {
          const named = ts.isIdentifier(declaration.name) && declaration.name.text === node.text;
          if (named) return literalsOf(declaration.initializer);
        }
      }
    }
  }
  return [];
}

/** "METHOD /path" when `node` registers a handler. */
function registration(node: ts.Node): string | undefined {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return undefined;
  const [path] = node.arguments;
  const { expression, name } = node.expression;
  // `http.get(…)`, or `http.untyped.get(…)` for an answer the document cannot type.
  const untyped = ts.isPropertyAccessExpression(expression) && expression.name.text === 'untyped';
  const on = untyped ? expression.expression : expression;
  const isHttp = ts.isIdentifier(on) && on.text === 'http';
  return isHttp && path && ts.isStringLiteral(path) ? `${name.text.toUpperCase()} ${path.text}` : undefined;
}

/** The route whose handler `node` is written in, if it is in one. */
function routeAround(node: ts.Node): string | undefined {
  for (let around = node.parent; !ts.isSourceFile(around); around = around.parent) {
    const route = registration(around);
    if (route) return route;
  }
  return undefined;
}

/** What each helper answers: `fail` names its status and code; the others have theirs. */
const HELPERS: Record<string, (args: ts.NodeArray<ts.Expression>) => Pick<Answer, 'status' | 'code'>> = {
  fail: ([, status, code]) => ({
    status: status && ts.isNumericLiteral(status) ? Number(status.text) : undefined,
    code: literalsOf(code)[0],
  }),
  invalidFields: () => ({ status: 422, code: 'invalid_field' }),
  refuse: () => ({ status: 422, code: 'prompt_refused' }),
};

/** Every error answer the fake's source writes, and every other way it might answer an error. */
export function answersIn(file: string, text: string) {
  const answers: Answer[] = [];
  const routes: string[] = [];
  const elsewhere: string[] = [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const at = (node: ts.Node) => `${file}:${String(source.getLineAndCharacterOfPosition(node.getStart()).line + 1)}`;
  const visit = (node: ts.Node) => {
    const callee = ts.isCallExpression(node) && ts.isIdentifier(node.expression) ? node.expression.text : '';
    const helper = HELPERS[callee];
    const route = registration(node);
    if (route) routes.push(route);
    if (ts.isCallExpression(node) && helper) {
      const operations = literalsOf(node.arguments[0]);
      answers.push({ at: at(node), operations, ...helper(node.arguments), route: routeAround(node) });
    }
    // An error status written anywhere else is an answer the check above would not see.
    const status = ts.isPropertyAssignment(node) && node.name.getText() === 'status' ? node.initializer : undefined;
    const given = callee === 'response' && ts.isCallExpression(node) ? node.arguments[0] : status;
    if (given && ts.isNumericLiteral(given) && Number(given.text) >= 400) elsewhere.push(at(node));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { answers, routes, elsewhere };
}
