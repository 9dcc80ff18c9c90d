import { undo } from '@codemirror/commands';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { codeDiagnostics, codeOf, codeView, setCode } from '../../test/code-editor';
import { WithConsoleMessages } from '../../test/i18n-console';
import { CodeEditor, type CodeEditorProps } from './CodeEditor';
import { tidyCss } from './code-format';

function Controlled(
  props: Omit<CodeEditorProps, 'value' | 'onChange'> & { initial: string; spy: (text: string) => void },
) {
  const { initial, spy, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <CodeEditor
      {...rest}
      value={value}
      onChange={(text) => {
        spy(text);
        setValue(text);
      }}
    />
  );
}

describe('CodeEditor', () => {
  it('shows the value, reports edits and keeps undo history', async () => {
    const spy = vi.fn();
    render(
      <Controlled label="Script" language="javascript" testId="code" initial={'return 1;'} spy={spy} />,
      {
        wrapper: WithConsoleMessages,
      },
    );
    const wrapper = screen.getByTestId('code');
    expect(await codeOf(wrapper)).toBe('return 1;');
    expect(wrapper.querySelector('.cm-content')).toHaveTextContent('return 1;');
    expect(wrapper.querySelector('.cm-lineNumbers')).not.toBeNull();
    await setCode(wrapper, 'return 2;');
    expect(spy).toHaveBeenLastCalledWith('return 2;');
    expect(await codeOf(wrapper)).toBe('return 2;');
    undo(await codeView(wrapper));
    expect(spy).toHaveBeenLastCalledWith('return 1;');
  });

  it('shows diagnostics as lint markers and an error below with a red label', async () => {
    render(
      <CodeEditor
        label="Script"
        language="javascript"
        testId="code"
        value={'var a = 1;\nreturn b;'}
        onChange={() => undefined}
        error="Broken"
        markedLine={2}
        diagnostics={[{ line: 2, column: 8, message: "'b' is not defined", severity: 'error' }]}
      />,
      { wrapper: WithConsoleMessages },
    );
    const wrapper = screen.getByTestId('code');
    await waitFor(async () =>
      expect(await codeDiagnostics(wrapper)).toEqual([
        { line: 2, severity: 'error', message: "'b' is not defined" },
      ]),
    );
    expect(wrapper.querySelector('.cm-lintRange-error')).toHaveTextContent('b');
    expect(wrapper.querySelector('.cm-marked-line')).toHaveTextContent('return b;');
    expect(screen.getByTestId('code-error')).toHaveTextContent('Broken');
  });

  it('tidies JSON that parses and leaves broken JSON alone', async () => {
    const spy = vi.fn();
    render(
      <Controlled label="JSON" language="json" testId="code" initial={'{"a":[1,{"b":true}]}'} spy={spy} />,
      {
        wrapper: WithConsoleMessages,
      },
    );
    const wrapper = screen.getByTestId('code');
    await codeView(wrapper);
    fireEvent.click(screen.getByTestId('code-tidy'));
    expect(await codeOf(wrapper)).toBe('{\n  "a": [\n    1,\n    {\n      "b": true\n    }\n  ]\n}');
    await setCode(wrapper, '{"a": ');
    spy.mockClear();
    fireEvent.click(screen.getByTestId('code-tidy'));
    expect(spy).not.toHaveBeenCalled();
  });

  it('has no tidy button for JavaScript, and a fullscreen toggle', async () => {
    render(<Controlled label="Script" language="javascript" testId="code" initial="" spy={vi.fn()} />, {
      wrapper: WithConsoleMessages,
    });
    expect(screen.queryByTestId('code-tidy')).toBeNull();
    const toggle = screen.getByTestId('code-fullscreen');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    fireEvent.keyDown(toggle, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('is read-only when asked', async () => {
    render(<CodeEditor label="Out" language="text" testId="code" value="x" onChange={vi.fn()} readOnly />, {
      wrapper: WithConsoleMessages,
    });
    const view = await codeView(screen.getByTestId('code'));
    expect(view.state.readOnly).toBe(true);
    expect(screen.getByTestId('code').querySelector('.cm-content')).toHaveAttribute(
      'contenteditable',
      'false',
    );
  });
});

describe('tidyCss', () => {
  it('indents blocks by 4 and puts one declaration on a line, keeping strings and url()', () => {
    expect(
      tidyCss(
        ".a{color:red;background:url(data:x;base64,AA)}@media (max-width:10px){.b:hover{content:'a;{'}}",
      ),
    ).toBe(
      [
        '.a {',
        '    color: red;',
        '    background: url(data:x;base64,AA)',
        '}',
        '',
        '@media (max-width:10px) {',
        '    .b:hover {',
        "        content: 'a;{'",
        '    }',
        '}',
      ].join('\n'),
    );
  });
});
