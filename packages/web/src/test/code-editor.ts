import { forEachDiagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import { act, waitFor } from '@testing-library/react';

/**
 * Drives a `CodeEditor` in unit tests: `wrapper` is the element with the editor's test id. Each
 * helper waits for CodeMirror to replace the plain text area it shows while loading.
 */
export async function codeView(wrapper: HTMLElement): Promise<EditorView> {
  let found: EditorView | null = null;
  await waitFor(() => {
    const content = wrapper.querySelector<HTMLElement>('.cm-content');
    found = content ? EditorView.findFromDOM(content) : null;
    if (!found) throw new Error('CodeMirror has not loaded');
  });
  return found as unknown as EditorView;
}

/** Replaces the editor's text as a user's edit would (the change reaches `onChange`). */
export async function setCode(wrapper: HTMLElement, text: string): Promise<void> {
  const view = await codeView(wrapper);
  // In act(), as fireEvent does, so that React has rendered the change when this returns.
  act(() => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input' });
  });
}

export async function codeOf(wrapper: HTMLElement): Promise<string> {
  return (await codeView(wrapper)).state.doc.toString();
}

/** The lint markers: 1-based line, severity and message. */
export async function codeDiagnostics(
  wrapper: HTMLElement,
): Promise<{ line: number; severity: string; message: string }[]> {
  const view = await codeView(wrapper);
  const found: { line: number; severity: string; message: string }[] = [];
  forEachDiagnostic(view.state, (diagnostic, from) =>
    found.push({
      line: view.state.doc.lineAt(from).number,
      severity: diagnostic.severity,
      message: diagnostic.message,
    }),
  );
  return found;
}
