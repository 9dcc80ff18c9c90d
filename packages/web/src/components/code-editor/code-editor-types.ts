/** The languages the code editor highlights; `text` is plain text. */
export type CodeLanguage = 'javascript' | 'json' | 'css' | 'html' | 'text';

/** A lint marker: 1-based line and column of where the problem starts. */
export interface CodeDiagnostic {
  line: number;
  column: number;
  message: string;
  severity: 'error' | 'warning' | 'info';
}

/** Text metrics the plain text area and CodeMirror share, so swapping one for the other does not jump. */
export const CODE_LINE_HEIGHT = 20;
export const CODE_PADDING_Y = 4;
export const CODE_MAX_ROWS = 30;
export const CODE_FONT = { fontFamily: 'monospace', fontSize: 13, lineHeight: `${CODE_LINE_HEIGHT}px` };

/** The props the lazily loaded CodeMirror view takes from `CodeEditor`. */
export interface CodeViewProps {
  value: string;
  onChange: (text: string) => void;
  language: CodeLanguage;
  label: string;
  minRows: number;
  fullscreen: boolean;
  readOnly: boolean;
  invalid: boolean;
  dark: boolean;
  diagnostics: readonly CodeDiagnostic[];
  /** 1-based line highlighted as the place of the last failure. */
  markedLine: number | undefined;
}
