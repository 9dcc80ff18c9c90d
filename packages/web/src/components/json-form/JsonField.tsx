import type { JsonValue } from '@meridian/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeEditor } from '../code-editor/CodeEditor';

/** A value the form has no field for, edited as JSON text; invalid text is an error that blocks saving. */
export function JsonField({
  label,
  value,
  onChange,
  testId,
  setError,
  errorKey,
}: {
  label: string;
  value: JsonValue | undefined;
  onChange: (value: JsonValue | undefined) => void;
  testId: string;
  setError: (key: string, invalid: boolean) => void;
  errorKey: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => (value === undefined ? '' : JSON.stringify(value, null, 2)));
  const [error, setErrorText] = useState<string | null>(null);
  return (
    <CodeEditor
      label={label}
      language="json"
      minRows={2}
      value={text}
      error={error ?? undefined}
      testId={testId}
      onChange={(next) => {
        setText(next);
        if (!next.trim()) {
          setErrorText(null);
          setError(errorKey, false);
          onChange(undefined);
          return;
        }
        try {
          const parsed = JSON.parse(next) as JsonValue;
          setErrorText(null);
          setError(errorKey, false);
          onChange(parsed);
        } catch (failure) {
          setErrorText(t('widget-config.invalid-json', { message: (failure as Error).message }));
          setError(errorKey, true);
        }
      }}
    />
  );
}
