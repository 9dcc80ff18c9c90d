import FormatAlignLeft from '@mui/icons-material/FormatAlignLeft';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { alpha, type Theme, useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CODE_FONT,
  CODE_LINE_HEIGHT,
  CODE_MAX_ROWS,
  CODE_PADDING_Y,
  type CodeDiagnostic,
  type CodeLanguage,
} from './code-editor-types';
import { tidyCss, tidyJson } from './code-format';

export type { CodeDiagnostic, CodeLanguage } from './code-editor-types';

/** CodeMirror and its language packs: their own chunk, fetched when the first editor renders. */
const CodeMirrorView = lazy(() =>
  import('./CodeMirrorView').then((module) => ({ default: module.CodeMirrorView })),
);

const NO_DIAGNOSTICS: readonly CodeDiagnostic[] = [];

export interface CodeEditorProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  language: CodeLanguage;
  /** Shown below in red, with a red border. */
  error?: string | undefined;
  /** Shown below when there is no error. */
  helperText?: string | undefined;
  /** On the wrapper; tests reach the text through its `.cm-content`. */
  testId: string;
  minRows?: number;
  readOnly?: boolean;
  /** Lint markers (1-based line and column). */
  diagnostics?: readonly CodeDiagnostic[];
  /** 1-based line highlighted as the place of the last failure. */
  markedLine?: number | undefined;
  /** Laid over the editor's box (a toast host, say). */
  overlay?: ReactNode;
}

/**
 * The code editor (JS function, JSON, CSS and HTML editors of spec 3): CodeMirror 6 with line
 * numbers, bracket matching, undo/redo, lint markers, a fullscreen toggle and, for JSON and CSS, a
 * tidy button. Until CodeMirror has loaded the text is edited in a plain monospace text area.
 */
export function CodeEditor(props: CodeEditorProps) {
  const {
    label,
    value,
    onChange,
    language,
    error,
    helperText,
    testId,
    minRows = 4,
    readOnly = false,
    diagnostics = NO_DIAGNOSTICS,
    markedLine,
    overlay,
  } = props;
  const { t } = useTranslation();
  const theme = useTheme();
  const [fullscreen, setFullscreen] = useState(false);
  const invalid = error !== undefined;
  const tidy = language === 'json' ? tidyJson : language === 'css' ? tidyCss : undefined;
  const below = error ?? helperText;
  const fullscreenLabel = t(fullscreen ? 'code-editor.exit-fullscreen' : 'code-editor.fullscreen');
  /** What the plain text area and CodeMirror both take. */
  const text: PlainCodeAreaProps = { label, value, onChange, minRows, readOnly, invalid };

  return (
    <Box
      // Escape leaves fullscreen first, without closing the dialog the editor is in.
      onKeyDown={(event) => {
        if (fullscreen && event.key === 'Escape') {
          event.stopPropagation();
          setFullscreen(false);
        }
      }}
      sx={
        fullscreen
          ? {
              position: 'fixed',
              inset: 0,
              zIndex: theme.zIndex.modal + 1,
              bgcolor: 'background.paper',
              p: 2,
              display: 'flex',
              flexDirection: 'column',
            }
          : { my: 1 }
      }
    >
      <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 28 }}>
        <Typography
          variant="caption"
          color={invalid ? 'error' : 'text.secondary'}
          component="label"
          sx={{ flex: 1 }}
        >
          {label}
        </Typography>
        {tidy && !readOnly && (
          <Tooltip title={t('code-editor.tidy')}>
            <IconButton
              size="small"
              aria-label={t('code-editor.tidy')}
              data-testid={`${testId}-tidy`}
              onClick={() => {
                const tidied = tidy(value);
                if (tidied !== undefined && tidied !== value) onChange(tidied);
              }}
            >
              <FormatAlignLeft fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={fullscreenLabel}>
          <IconButton
            size="small"
            aria-label={fullscreenLabel}
            aria-pressed={fullscreen}
            data-testid={`${testId}-fullscreen`}
            onClick={() => setFullscreen((on) => !on)}
          >
            {fullscreen ? <FullscreenExit fontSize="small" /> : <Fullscreen fontSize="small" />}
          </IconButton>
        </Tooltip>
      </Box>
      <Box
        data-testid={testId}
        data-language={language}
        sx={{
          ...codeColors(theme),
          position: 'relative',
          border: 1,
          borderColor: invalid ? 'error.main' : 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'var(--code-bg)',
          flex: fullscreen ? 1 : undefined,
          minHeight: 0,
          '&:hover': { borderColor: invalid ? 'error.main' : 'text.primary' },
          '&:focus-within': { borderColor: invalid ? 'error.main' : 'primary.main' },
        }}
      >
        <Suspense fallback={<PlainCodeArea {...text} />}>
          <CodeMirrorView
            {...text}
            language={language}
            fullscreen={fullscreen}
            dark={theme.palette.mode === 'dark'}
            diagnostics={diagnostics}
            markedLine={markedLine}
          />
        </Suspense>
        {overlay}
      </Box>
      {below !== undefined && (
        <Typography
          variant="caption"
          color={invalid ? 'error' : 'text.secondary'}
          data-testid={invalid ? `${testId}-error` : undefined}
          sx={{ display: 'block', mt: 0.5, mx: 1.75 }}
        >
          {below}
        </Typography>
      )}
    </Box>
  );
}

interface PlainCodeAreaProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  minRows: number;
  readOnly: boolean;
  invalid: boolean;
}

/** The text area shown until CodeMirror has loaded (the console's code fields before it). */
function PlainCodeArea(props: PlainCodeAreaProps) {
  const { label, value, onChange, minRows, readOnly, invalid } = props;
  const rows = Math.min(CODE_MAX_ROWS, Math.max(minRows, value.split('\n').length));
  return (
    <Box
      component="textarea"
      value={value}
      onChange={(event: React.ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value)}
      readOnly={readOnly}
      rows={rows}
      wrap="off"
      spellCheck={false}
      aria-label={label}
      aria-invalid={invalid ? true : undefined}
      sx={{
        ...CODE_FONT,
        display: 'block',
        width: '100%',
        boxSizing: 'border-box',
        m: 0,
        py: `${CODE_PADDING_Y}px`,
        px: 1,
        minHeight: minRows * CODE_LINE_HEIGHT + 2 * CODE_PADDING_Y,
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
  );
}

/** The editor's colours as CSS variables, from the MUI palette (light or dark). */
function codeColors(theme: Theme): Record<string, string> {
  const { palette } = theme;
  const dark = palette.mode === 'dark';
  const tone = (color: { main: string; light: string; dark: string }) => (dark ? color.light : color.dark);
  return {
    '--code-bg': palette.background.paper,
    '--code-fg': palette.text.primary,
    // Opaque: text scrolled sideways passes under the gutter.
    '--code-gutter-bg': dark ? palette.grey[900] : palette.grey[100],
    '--code-gutter-fg': palette.text.secondary,
    '--code-active-line': alpha(palette.primary.main, 0.06),
    '--code-selection': alpha(palette.primary.main, dark ? 0.35 : 0.2),
    '--code-bracket': alpha(palette.success.main, 0.3),
    '--code-marked-line': alpha(palette.error.main, 0.2),
    '--code-tooltip-bg': dark ? palette.grey[900] : palette.grey[50],
    '--code-keyword': tone(palette.secondary),
    '--code-string': tone(palette.success),
    '--code-number': tone(palette.warning),
    '--code-comment': palette.text.disabled,
    '--code-property': tone(palette.info),
    '--code-type': tone(palette.primary),
    '--code-definition': palette.text.primary,
    '--code-invalid': palette.error.main,
  };
}
