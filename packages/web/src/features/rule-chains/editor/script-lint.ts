import { type Node as AcornNode, parse } from 'acorn';

/**
 * Checks a script function body as the JS function editor does (spec 3 §5): it is compiled with
 * the declared argument names, then identifiers that are neither declared, arguments nor
 * ECMAScript globals are errors, and variables declared but never used are warnings.
 *
 * Names are looked up over the whole function rather than scope by scope: a name declared anywhere
 * counts as declared everywhere, and a name used anywhere counts as used. That misses a few
 * mistakes (a block-scoped name used outside its block) but never flags a working script.
 */
export interface ScriptProblem {
  severity: 'error' | 'warning';
  /** The error's name, as a JavaScript engine would report it. */
  name: string;
  message: string;
  /** 1-based line of the function body. */
  line: number;
  /** 1-based column. */
  column: number;
}

/** The globals a script may use: ECMAScript's standard built-ins (the sandbox has no others). */
export const SCRIPT_GLOBALS: ReadonlySet<string> = new Set([
  'undefined',
  'NaN',
  'Infinity',
  'globalThis',
  'arguments',
  'eval',
  'isFinite',
  'isNaN',
  'parseFloat',
  'parseInt',
  'decodeURI',
  'decodeURIComponent',
  'encodeURI',
  'encodeURIComponent',
  'escape',
  'unescape',
  'Object',
  'Function',
  'Boolean',
  'Symbol',
  'Error',
  'AggregateError',
  'EvalError',
  'RangeError',
  'ReferenceError',
  'SyntaxError',
  'TypeError',
  'URIError',
  'Number',
  'BigInt',
  'Math',
  'Date',
  'String',
  'RegExp',
  'Array',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'WeakRef',
  'ArrayBuffer',
  'SharedArrayBuffer',
  'DataView',
  'Atomics',
  'JSON',
  'Promise',
  'Reflect',
  'Proxy',
  'Intl',
]);

/** Compiles the body as QuickJS's Function constructor does: the arguments on a line of their own. */
function wrapperHead(argNames: readonly string[]): string {
  return `(function (${argNames.join(', ')}) {\n`;
}

interface EsNode extends AcornNode {
  [key: string]: unknown;
}

function isNode(value: unknown): value is EsNode {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}

function childrenOf(node: EsNode): [string, EsNode][] {
  const children: [string, EsNode][] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) children.push([key, item]);
    } else if (isNode(value)) {
      children.push([key, value]);
    }
  }
  return children;
}

interface Binding {
  name: string;
  node: EsNode;
  /** Parameters are not reported unused: callbacks often must take arguments they ignore. */
  isParameter: boolean;
}

interface Names {
  bindings: Binding[];
  references: EsNode[];
}

/**
 * How a pattern's identifiers count: declared by a parameter or a variable, or assigned to (a use
 * of a variable declared elsewhere).
 */
type PatternRole = 'parameter' | 'variable' | 'assignment';

/** Identifiers of a pattern; default values and computed keys inside it are expressions. */
function visitPattern(pattern: EsNode, names: Names, role: PatternRole): void {
  const isParameter = role === 'parameter';
  switch (pattern.type) {
    case 'Identifier':
      if (role === 'assignment') names.references.push(pattern);
      else names.bindings.push({ name: pattern.name as string, node: pattern, isParameter });
      return;
    case 'AssignmentPattern':
      visitPattern(pattern.left as EsNode, names, role);
      visit(pattern.right as EsNode, names);
      return;
    case 'RestElement':
      visitPattern(pattern.argument as EsNode, names, role);
      return;
    case 'ArrayPattern':
      for (const element of pattern.elements as (EsNode | null)[]) {
        if (element) visitPattern(element, names, role);
      }
      return;
    case 'ObjectPattern':
      for (const property of pattern.properties as EsNode[]) {
        if (property.type === 'RestElement') {
          visitPattern(property, names, role);
          continue;
        }
        if (property.computed) visit(property.key as EsNode, names);
        visitPattern(property.value as EsNode, names, role);
      }
      return;
    default:
      // `a.b = …` in a for-of head or a destructuring assignment: an expression.
      visit(pattern, names);
  }
}

/** Whether an identifier in `key` of `parent` names something other than a variable. */
function isNameOnly(parent: EsNode, key: string): boolean {
  switch (parent.type) {
    case 'MemberExpression':
      return key === 'property' && parent.computed !== true;
    case 'Property':
    case 'PropertyDefinition':
    case 'MethodDefinition':
      return key === 'key' && parent.computed !== true;
    case 'LabeledStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
      return key === 'label';
    case 'MetaProperty':
      return true;
    default:
      return false;
  }
}

function visit(node: EsNode, names: Names): void {
  switch (node.type) {
    case 'Identifier':
      names.references.push(node);
      return;
    case 'VariableDeclarator':
      visitPattern(node.id as EsNode, names, 'variable');
      if (node.init) visit(node.init as EsNode, names);
      return;
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      // A function expression's own name is only seen inside it: a binding, not worth reporting.
      if (node.id) {
        names.bindings.push({
          name: (node.id as EsNode).name as string,
          node: node.id as EsNode,
          isParameter: node.type !== 'FunctionDeclaration',
        });
      }
      for (const param of node.params as EsNode[]) visitPattern(param, names, 'parameter');
      visit(node.body as EsNode, names);
      return;
    case 'ClassDeclaration':
    case 'ClassExpression':
      if (node.id) {
        names.bindings.push({
          name: (node.id as EsNode).name as string,
          node: node.id as EsNode,
          isParameter: node.type !== 'ClassDeclaration',
        });
      }
      if (node.superClass) visit(node.superClass as EsNode, names);
      visit(node.body as EsNode, names);
      return;
    case 'CatchClause':
      if (node.param) visitPattern(node.param as EsNode, names, 'parameter');
      visit(node.body as EsNode, names);
      return;
    case 'AssignmentExpression':
      visitPattern(node.left as EsNode, names, 'assignment');
      visit(node.right as EsNode, names);
      return;
    case 'ForInStatement':
    case 'ForOfStatement':
      if ((node.left as EsNode).type === 'VariableDeclaration') visit(node.left as EsNode, names);
      else visitPattern(node.left as EsNode, names, 'assignment');
      visit(node.right as EsNode, names);
      visit(node.body as EsNode, names);
      return;
    default:
      for (const [key, child] of childrenOf(node)) {
        if (child.type === 'Identifier' && isNameOnly(node, key)) continue;
        visit(child, names);
      }
  }
}

/** Acorn's message ends in "(line:column)", which the editor shows apart. */
function messageOf(error: Error): string {
  return error.message.replace(/\s*\(\d+:\d+\)$/, '');
}

/**
 * The problems of a script body compiled as `function (argNames…) { body }`: one syntax error
 * (nothing else can be checked then), or undefined names (errors) and unused variables (warnings)
 * in the order they appear.
 */
export function lintScript(body: string, argNames: readonly string[]): ScriptProblem[] {
  const head = wrapperHead(argNames);
  let program: EsNode;
  try {
    program = parse(`${head}${body}\n})`, { ecmaVersion: 'latest', locations: true }) as unknown as EsNode;
  } catch (error) {
    const loc = (error as { loc?: { line: number; column: number } }).loc;
    const lines = body.split('\n');
    let line = Math.max(1, (loc?.line ?? 2) - 1);
    let column = (loc?.column ?? 0) + 1;
    // An unclosed block is found on the wrapper's closing line: it is the body's end that is wrong.
    if (line > lines.length) {
      line = lines.length;
      column = (lines.at(-1)?.length ?? 0) + 1;
    }
    return [{ severity: 'error', name: 'SyntaxError', message: messageOf(error as Error), line, column }];
  }
  const names: Names = { bindings: [], references: [] };
  visit(program, names);
  const declared = new Set([...argNames, ...names.bindings.map((b) => b.name)]);
  const used = new Set(names.references.map((r) => r.name as string));
  const at = (node: EsNode) => {
    const start = node.loc?.start ?? { line: 2, column: 0 };
    return { line: start.line - 1, column: start.column + 1 };
  };
  const problems: ScriptProblem[] = [];
  for (const reference of names.references) {
    const name = reference.name as string;
    if (declared.has(name) || SCRIPT_GLOBALS.has(name)) continue;
    problems.push({
      severity: 'error',
      name: 'ReferenceError',
      message: `'${name}' is not defined`,
      ...at(reference),
    });
  }
  for (const binding of names.bindings) {
    // The wrapper's own arguments are bindings too, but they are the function's signature.
    if (binding.isParameter || used.has(binding.name)) continue;
    problems.push({
      severity: 'warning',
      name: 'Warning',
      message: `'${binding.name}' is defined but never used`,
      ...at(binding.node),
    });
  }
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** The first problem that stops the script from being saved. */
export function scriptError(body: string, argNames: readonly string[]): ScriptProblem | undefined {
  return lintScript(body, argNames).find((p) => p.severity === 'error');
}
