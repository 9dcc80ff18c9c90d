import type { JsonObject } from '@meridian/common';
import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setCode } from '../../../test/code-editor';
import { WithConsoleMessages } from '../../../test/i18n-console';
import { AdvancedTab } from './AdvancedTab';
import { widgetConfigSelectors as S } from './widget-config-selectors';

function Tab({
  initial,
  onValidity,
}: {
  initial: JsonObject;
  onValidity: (key: string, invalid: boolean) => void;
}) {
  const [config, setConfig] = useState(initial);
  return (
    <WithConsoleMessages>
      <AdvancedTab config={config} onChange={setConfig} legend={false} onJsonValidity={onValidity} />
    </WithConsoleMessages>
  );
}

describe('Advanced tab', () => {
  it('reports a widget CSS it cannot scope as invalid from the start, and valid once fixed', async () => {
    const onValidity = vi.fn();
    render(<Tab initial={{ title: 'T', widgetCss: '.value { color: red;' }} onValidity={onValidity} />);
    expect(onValidity).toHaveBeenLastCalledWith('widgetCss', true);
    await setCode(screen.getByTestId(S.advanced('widgetCss')), '.value { color: red; }');
    await waitFor(() => expect(onValidity).toHaveBeenLastCalledWith('widgetCss', false));
  });
});
