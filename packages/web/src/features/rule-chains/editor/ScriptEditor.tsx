import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastHost } from '../../../app/notifications/ToastHost';
import { useServices } from '../../../app/services/useServices';
import { CodeEditor } from '../../../components/code-editor/CodeEditor';
import { lintScript, type ScriptProblem } from './script-lint';

/** "Error: {name}: {message}" with where it is, as the editor, its toast and tests show it. */
export function useScriptProblemText(): (problem: ScriptProblem) => string {
  const { t } = useTranslation();
  return (problem) =>
    `${t('js-func.error', { name: problem.name, message: problem.message })} ${t('js-func.error-position', {
      line: problem.line,
      column: problem.column,
    })}`;
}

export interface ScriptEditorProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** The function's argument names: the script is checked as `function (argNames…) { value }`. */
  argNames: readonly string[];
  testId: string;
  minRows?: number;
  /** The error that stopped the last submit; the parent clears it on the next edit (spec 3 §4). */
  invalid?: ScriptProblem | undefined;
}

/**
 * The JS function editor (spec 3 §3-§5) on the code editor: as the script is typed its problems
 * are lint markers (errors in red, unused variables in amber, their messages on hover); a failed
 * submit marks the erroneous line and shows "Error: {name}: {message}" with its line and column
 * below and as a toast in the editor's corner, until the next edit.
 */
export function ScriptEditor(props: ScriptEditorProps) {
  const { label, value, onChange, argNames, testId, minRows = 6, invalid } = props;
  const { toasts } = useServices();
  const problemText = useScriptProblemText();
  const toastTarget = `js-func-${useId()}`;
  const argKey = argNames.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names, not the array's identity
  const problems = useMemo(() => lintScript(value, argNames), [value, argKey]);
  const invalidText = invalid ? problemText(invalid) : undefined;

  useEffect(() => {
    if (!invalidText) return undefined;
    toasts.show({
      message: invalidText,
      type: 'error',
      target: toastTarget,
      horizontalPosition: 'left',
      verticalPosition: 'bottom',
    });
    return () => {
      const shown = toasts.get(toastTarget);
      if (shown) toasts.dismiss(shown.id);
    };
  }, [invalidText, toasts, toastTarget]);

  return (
    <CodeEditor
      language="javascript"
      label={label}
      value={value}
      onChange={onChange}
      testId={testId}
      minRows={minRows}
      error={invalidText}
      diagnostics={problems}
      markedLine={invalid?.line}
      overlay={<ToastHost target={toastTarget} />}
    />
  );
}
