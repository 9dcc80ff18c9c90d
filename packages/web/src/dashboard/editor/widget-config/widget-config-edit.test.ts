import type { JsonObject } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { widgetJsonOf, withWidgetConfig } from './widget-config-edit';

const configuration = {
  widgets: {
    a: { id: 'a', typeAlias: 'card', config: { title: 'A', unknownKey: 1 } },
    b: { id: 'b', config: { title: 'B' } },
  },
  states: {},
} as JsonObject;

describe('widget config edits', () => {
  it('replaces only the widget config, keeping its other keys and the other widgets', () => {
    const edited = withWidgetConfig(configuration, 'a', { title: 'A2' });
    expect(widgetJsonOf(edited, 'a')).toEqual({ id: 'a', typeAlias: 'card', config: { title: 'A2' } });
    expect(widgetJsonOf(edited, 'b')).toBe(widgetJsonOf(configuration, 'b'));
    expect(edited.states).toBe(configuration.states);
  });

  it('leaves the configuration alone for a widget it does not have', () => {
    expect(withWidgetConfig(configuration, 'x', { title: 'X' })).toBe(configuration);
    expect(widgetJsonOf(configuration, 'x')).toBeNull();
  });
});
