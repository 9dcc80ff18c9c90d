import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { bracketMatching, HighlightStyle, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import {
  Annotation,
  Compartment,
  EditorState,
  type Extension,
  RangeSetBuilder,
  StateEffect,
  StateField,
} from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useRef } from 'react';
import {
  CODE_FONT,
  CODE_LINE_HEIGHT,
  CODE_MAX_ROWS,
  CODE_PADDING_Y,
  type CodeDiagnostic,
  type CodeLanguage,
  type CodeViewProps,
} from './code-editor-types';

/**
 * The CodeMirror 6 view behind `CodeEditor`, loaded on demand so that it stays out of the login
 * route's chunks. Colours come from CSS variables the wrapper sets from the MUI palette, so a theme
 * switch needs no reconfiguration.
 */
export function CodeMirrorView(props: CodeViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const compartments = useRef({
    language: new Compartment(),
    readOnly: new Compartment(),
    size: new Compartment(),
    dark: new Compartment(),
    label: new Compartment(),
  }).current;

  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; later props arrive through the effects below
  useEffect(() => {
    const { value, language, readOnly, minRows, fullscreen, dark, label, invalid } = latest.current;
    const created = new EditorView({
      parent: host.current as HTMLDivElement,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          lintGutter(),
          history(),
          drawSelection(),
          bracketMatching(),
          highlightActiveLine(),
          syntaxHighlighting(highlightStyle),
          markedLineField,
          keymap.of([...editingKeys, ...historyKeymap, indentWithTab]),
          baseTheme,
          compartments.language.of(languageOf(language)),
          compartments.readOnly.of(readOnlyOf(readOnly)),
          compartments.size.of(sizeOf(minRows, fullscreen)),
          compartments.dark.of(EditorView.darkTheme.of(dark)),
          compartments.label.of(labelOf(label, invalid)),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            if (update.transactions.some((tr) => tr.annotation(fromProps))) return;
            latest.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
  }, []);

  const { value, language, readOnly, minRows, fullscreen, dark, label, invalid, diagnostics, markedLine } =
    props;
  useEffect(() => {
    const current = view.current;
    if (!current) return;
    const text = current.state.doc.toString();
    if (text === value) return;
    current.dispatch({
      changes: { from: 0, to: text.length, insert: value },
      annotations: fromProps.of(true),
    });
  }, [value]);
  useEffect(() => {
    view.current?.dispatch({ effects: compartments.language.reconfigure(languageOf(language)) });
  }, [language, compartments]);
  useEffect(() => {
    view.current?.dispatch({ effects: compartments.readOnly.reconfigure(readOnlyOf(readOnly)) });
  }, [readOnly, compartments]);
  useEffect(() => {
    view.current?.dispatch({ effects: compartments.size.reconfigure(sizeOf(minRows, fullscreen)) });
  }, [minRows, fullscreen, compartments]);
  useEffect(() => {
    view.current?.dispatch({ effects: compartments.dark.reconfigure(EditorView.darkTheme.of(dark)) });
  }, [dark, compartments]);
  useEffect(() => {
    view.current?.dispatch({ effects: compartments.label.reconfigure(labelOf(label, invalid)) });
  }, [label, invalid, compartments]);
  // After the value's effect, so that positions are those of the new text.
  useEffect(() => {
    const current = view.current;
    if (!current) return;
    current.dispatch(setDiagnostics(current.state, toDiagnostics(current.state, diagnostics)));
    current.dispatch({ effects: setMarkedLine.of(markedLine) });
  }, [diagnostics, markedLine]);

  return <div ref={host} style={{ height: fullscreen ? '100%' : undefined }} />;
}

/** CodeMirror's keys without Mod-Enter, which the console keeps for Run (widget editor). */
const editingKeys = defaultKeymap.filter((binding) => binding.key !== 'Mod-Enter');

/** Marks the transactions that carry a new value from the props, which are not reported back. */
const fromProps = Annotation.define<boolean>();

function languageOf(language: CodeLanguage): Extension {
  switch (language) {
    case 'javascript':
      return [javascript(), indentUnit.of('    ')];
    case 'json':
      return [json(), indentUnit.of('  ')];
    case 'css':
      return [css(), indentUnit.of('    ')];
    case 'html':
      return [html(), indentUnit.of('  ')];
    case 'text':
      return [];
  }
}

function readOnlyOf(readOnly: boolean): Extension {
  return [EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)];
}

function labelOf(label: string, invalid: boolean): Extension {
  return EditorView.contentAttributes.of({
    'aria-label': label,
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
  });
}

function sizeOf(minRows: number, fullscreen: boolean): Extension {
  const min = minRows * CODE_LINE_HEIGHT + 2 * CODE_PADDING_Y;
  return EditorView.theme(
    fullscreen
      ? { '&': { height: '100%' }, '.cm-scroller': { minHeight: `${min}px` } }
      : {
          '.cm-scroller': {
            minHeight: `${min}px`,
            maxHeight: `${CODE_MAX_ROWS * CODE_LINE_HEIGHT + 2 * CODE_PADDING_Y}px`,
          },
        },
  );
}

/** 1-based line and column to a range over the rest of the word there (one character at least). */
function toDiagnostics(state: EditorState, diagnostics: readonly CodeDiagnostic[]): Diagnostic[] {
  const { doc } = state;
  return diagnostics.map((diagnostic) => {
    const line = doc.line(Math.min(Math.max(1, diagnostic.line), doc.lines));
    const from = Math.min(line.from + Math.max(0, diagnostic.column - 1), line.to);
    const word = /^[\w$]+/.exec(doc.sliceString(from, line.to))?.[0].length ?? 0;
    const to = Math.min(Math.max(from + word, from + 1), doc.length);
    return { from, to: Math.max(from, to), severity: diagnostic.severity, message: diagnostic.message };
  });
}

const setMarkedLine = StateEffect.define<number | undefined>();
const markedLineDecoration = Decoration.line({ class: 'cm-marked-line' });

/** The line of the last failure (spec 3 §5 "marks the line"), cleared when the parent clears it. */
const markedLineField = StateField.define<{ line: number | undefined; decorations: DecorationSet }>({
  create: () => ({ line: undefined, decorations: Decoration.none }),
  update(value, transaction) {
    let line = value.line;
    for (const effect of transaction.effects) if (effect.is(setMarkedLine)) line = effect.value;
    if (line === value.line && !transaction.docChanged) return value;
    const builder = new RangeSetBuilder<Decoration>();
    const { doc } = transaction.state;
    if (line !== undefined && line >= 1 && line <= doc.lines) {
      const at = doc.line(line).from;
      builder.add(at, at, markedLineDecoration);
    }
    return { line, decorations: builder.finish() };
  },
  provide: (field) => EditorView.decorations.from(field, (value) => value.decorations),
});

const baseTheme = EditorView.theme({
  '&': { color: 'var(--code-fg)', backgroundColor: 'var(--code-bg)', fontSize: `${CODE_FONT.fontSize}px` },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: CODE_FONT.fontFamily, lineHeight: CODE_FONT.lineHeight, overflow: 'auto' },
  '.cm-content': { padding: `${CODE_PADDING_Y}px 0`, caretColor: 'var(--code-fg)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--code-fg)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection':
    { backgroundColor: 'var(--code-selection)' },
  '.cm-gutters': { backgroundColor: 'var(--code-gutter-bg)', color: 'var(--code-gutter-fg)', border: 'none' },
  '.cm-activeLine': { backgroundColor: 'var(--code-active-line)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--code-active-line)' },
  '.cm-marked-line': { backgroundColor: 'var(--code-marked-line)' },
  '&.cm-focused .cm-matchingBracket': { backgroundColor: 'var(--code-bracket)', outline: 'none' },
  '.cm-tooltip': {
    backgroundColor: 'var(--code-tooltip-bg)',
    color: 'var(--code-fg)',
    border: '1px solid var(--code-gutter-bg)',
  },
});

const highlightStyle = HighlightStyle.define([
  { tag: [tags.keyword, tags.operatorKeyword, tags.modifier], color: 'var(--code-keyword)' },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: 'var(--code-string)' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: 'var(--code-number)' },
  { tag: [tags.comment, tags.meta], color: 'var(--code-comment)', fontStyle: 'italic' },
  { tag: [tags.propertyName, tags.attributeName], color: 'var(--code-property)' },
  { tag: [tags.typeName, tags.className, tags.tagName], color: 'var(--code-type)' },
  {
    tag: [tags.definition(tags.variableName), tags.function(tags.variableName)],
    color: 'var(--code-definition)',
  },
  { tag: tags.invalid, color: 'var(--code-invalid)' },
]);
