import { scriptKindOf } from '@meridian/common';
import type { ConfigField } from './config-fields';
import { type ScriptProblem, scriptError } from './script-lint';

/** A script setting the reference does not test still runs as a message function. */
const MESSAGE_ARGS = ['msg', 'metadata', 'msgType'];

/** The argument names a node's script setting is compiled with. */
export function scriptArgNamesOf(nodeType: string, key: string): string[] {
  return scriptKindOf(nodeType, key)?.argNames ?? MESSAGE_ARGS;
}

/** The first error of each script field of a node's form: what stops the form from being saved. */
export function scriptProblemsOf(
  nodeType: string,
  fields: readonly ConfigField[],
  texts: Readonly<Record<string, string>>,
): Record<string, ScriptProblem> {
  const problems: Record<string, ScriptProblem> = {};
  for (const { key, kind } of fields) {
    if (kind !== 'script') continue;
    const problem = scriptError(texts[key] ?? '', scriptArgNamesOf(nodeType, key));
    if (problem) problems[key] = problem;
  }
  return problems;
}
