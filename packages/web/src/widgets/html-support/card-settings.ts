import type { WidgetConfig } from '@meridian/common';

/** A text setting of a card, or empty text when the saved one is missing or not text. */
export function textSetting(config: WidgetConfig, key: string): string {
  const value = config.settings?.[key];
  return typeof value === 'string' ? value : '';
}
