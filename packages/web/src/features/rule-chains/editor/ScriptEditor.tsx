import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastHost } from '../../../app/notifications/ToastHost';
import { useServices } from '../../../app/services/useServices';
import { selectors } from '../../../selectors';
import { lintScript, type ScriptProblem } from './script-lint';

/** Text metrics the gutter, the marked line and the text area share, so their lines stay level. */
const LINE_HEIGHT = 20;
const PADDING_Y = 8;
const MAX_ROWS = 30;

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
 * The JS function editor (spec 3 §3-§5) without a heavyweight editor: a text area with a line
 * number gutter. The gutter marks, as the script is typed, the lines with problems (errors in red,
 * unused variables in amber, their messages as tooltips); a failed submit highlights the erroneous
 * line, shows "Error: {name}: {message}" with its line and column below and as a toast in the
 * editor's corner, until the next edit.
 */
export function ScriptEditor(props: ScriptEditorProps) {
  const { label, value, onChange, argNames, testId, minRows = 6, invalid } = props;
  const theme = useTheme();
  const { toasts } = useServices();
  const problemText = useScriptProblemText();
  const toastTarget = `js-func-${useId()}`;
  const [scrollTop, setScrollTop] = useState(0);
  const argKey = argNames.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names, not the array's identity
  const problems = useMemo(() => lintScript(value, argNames), [value, argKey]);
  const lineCount = value.split('\n').length;
  const rows = Math.min(MAX_ROWS, Math.max(minRows, lineCount));
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

  const problemsByLine = new Map<number, ScriptProblem[]>();
  for (const problem of problems) {
    problemsByLine.set(problem.line, [...(problemsByLine.get(problem.line) ?? []), problem]);
  }
  const severityOf = (line: number): ScriptProblem['severity'] | undefined => {
    const found = problemsByLine.get(line);
    if (!found) return undefined;
    return found.some((p) => p.severity === 'error') ? 'error' : 'warning';
  };
  const font = { fontFamily: 'monospace', fontSize: 13, lineHeight: `${LINE_HEIGHT}px` };
  const errorBorder = invalid ? theme.palette.error.main : theme.palette.divider;

  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="caption" color={invalid ? 'error' : 'text.secondary'} component="label">
        {label}
      </Typography>
      <Box
        sx={{
          position: 'relative',
          display: 'flex',
          border: 1,
          borderColor: errorBorder,
          borderRadius: 1,
          overflow: 'hidden',
          '&:focus-within': { borderColor: invalid ? errorBorder : 'primary.main' },
        }}
      >
        <Box
          aria-hidden
          sx={{
            ...font,
            flex: 'none',
            minWidth: '3.5em',
            overflow: 'hidden',
            bgcolor: theme.palette.action.hover,
            color: 'text.secondary',
            textAlign: 'right',
            userSelect: 'none',
            height: rows * LINE_HEIGHT + 2 * PADDING_Y,
          }}
        >
          <Box sx={{ pt: `${PADDING_Y}px`, transform: `translateY(${-scrollTop}px)` }}>
            {Array.from({ length: lineCount }, (_unused, index) => {
              const line = index + 1;
              const severity = severityOf(line);
              const color = severity && theme.palette[severity].main;
              const marked = invalid?.line === line;
              return (
                <Box
                  key={line}
                  data-testid={selectors.ruleChains.scriptEditor.line(testId, line)}
                  data-problem={severity}
                  data-marked={marked ? 'true' : undefined}
                  title={problemsByLine
                    .get(line)
                    ?.map((p) => p.message)
                    .join('\n')}
                  sx={{
                    px: 1,
                    height: LINE_HEIGHT,
                    color: color ?? 'inherit',
                    fontWeight: color ? 'bold' : undefined,
                    borderLeft: 3,
                    borderColor: color ?? 'transparent',
                    bgcolor: marked ? alpha(theme.palette.error.main, 0.25) : undefined,
                  }}
                >
                  {line}
                </Box>
              );
            })}
          </Box>
        </Box>
        <Box sx={{ position: 'relative', flex: 1, minWidth: 0 }}>
          {invalid && (
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                left: 0,
                right: 0,
                top: PADDING_Y + (invalid.line - 1) * LINE_HEIGHT - scrollTop,
                height: LINE_HEIGHT,
                bgcolor: alpha(theme.palette.error.main, 0.15),
                pointerEvents: 'none',
              }}
            />
          )}
          <Box
            component="textarea"
            value={value}
            onChange={(event: React.ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value)}
            onScroll={(event: React.UIEvent<HTMLTextAreaElement>) =>
              setScrollTop(event.currentTarget.scrollTop)
            }
            rows={rows}
            wrap="off"
            spellCheck={false}
            aria-label={label}
            aria-invalid={invalid ? true : undefined}
            data-testid={testId}
            sx={{
              ...font,
              position: 'relative',
              display: 'block',
              width: '100%',
              boxSizing: 'border-box',
              m: 0,
              py: `${PADDING_Y}px`,
              px: 1,
              border: 'none',
              outline: 'none',
              resize: 'none',
              whiteSpace: 'pre',
              overflow: 'auto',
              bgcolor: 'transparent',
              color: 'text.primary',
              tabSize: 4,
            }}
          />
        </Box>
        <ToastHost target={toastTarget} />
      </Box>
      {invalidText && (
        <Typography
          variant="caption"
          color="error"
          data-testid={selectors.ruleChains.scriptEditor.error(testId)}
          sx={{ display: 'block', mt: 0.5 }}
        >
          {invalidText}
        </Typography>
      )}
    </Box>
  );
}
