import { NATIVE_WIDGET_KEYS } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { registeredWidgetKeys } from './registry';

describe('widget registry', () => {
  it('renders exactly the types the server installs as native system widgets', () => {
    expect(registeredWidgetKeys().sort()).toEqual([...NATIVE_WIDGET_KEYS].sort());
  });
});
