import type { JsonObject } from '@meridian/common';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { WithConsoleMessages } from '../../../test/i18n-console';
import { effectiveSettingsSchema } from '../../../widgets/settings-schemas/class-settings-schema';
import { SettingsTab } from './SettingsTab';

function Tab({
  schema,
  onSettings,
}: {
  schema: string | undefined;
  onSettings: (settings: JsonObject) => void;
}) {
  const [config, setConfig] = useState<JsonObject>({ settings: {} });
  return (
    <WithConsoleMessages>
      <SettingsTab
        config={config}
        onChange={(next) => {
          setConfig(next);
          onSettings(next.settings as JsonObject);
        }}
        settingsSchema={schema}
        onJsonValidity={() => {}}
      />
    </WithConsoleMessages>
  );
}

describe('Settings tab of a type whose schema is in its class', () => {
  it('shows the class form with the type defaults, and edits the settings through it', () => {
    const onSettings = vi.fn();
    render(
      <Tab
        schema={effectiveSettingsSchema('analogue_gauges', 'speed_gauge_canvas_gauges', '{}')}
        onSettings={onSettings}
      />,
    );
    expect(screen.queryByLabelText('Settings (JSON)')).not.toBeInTheDocument();
    const max = screen.getByLabelText('Maximum value');
    expect(max).toHaveValue(180);
    // Typing replaces the value at once: a cleared field would show its default again.
    fireEvent.change(max, { target: { value: '240' } });
    expect(onSettings).toHaveBeenLastCalledWith({ maxValue: 240 });
  });

  it('keeps the JSON editor for a type without a schema anywhere', () => {
    render(<Tab schema={effectiveSettingsSchema('cards', 'attributes_card', '{}')} onSettings={() => {}} />);
    expect(screen.getByLabelText('Settings (JSON)')).toBeInTheDocument();
  });
});
