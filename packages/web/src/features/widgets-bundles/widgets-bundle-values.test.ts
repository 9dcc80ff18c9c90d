import type { WidgetsBundle } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { widgetsBundleOfValues, widgetsBundleValuesOf } from './widgets-bundle-values';

const stored: WidgetsBundle = {
  id: { entityType: 'WIDGETS_BUNDLE', id: 'b1' },
  createdTime: 1,
  tenantId: { entityType: 'TENANT', id: 't1' },
  alias: 'mine',
  title: 'Mine',
  image: null,
  description: null,
};

describe('widgets bundle form values', () => {
  it('a new bundle is sent without id or alias, so the server picks the alias from the title', () => {
    expect(widgetsBundleOfValues({ title: ' New ', image: null, description: '' }, null)).toEqual({
      title: 'New',
      image: null,
      description: null,
    });
  });

  it('an update keeps the id and alias and takes title, image and description', () => {
    const values = { ...widgetsBundleValuesOf(stored), title: 'Renamed', image: 'data:image/png;base64,AA' };
    expect(widgetsBundleOfValues({ ...values, description: 'Text' }, stored)).toEqual({
      id: stored.id,
      alias: 'mine',
      title: 'Renamed',
      image: 'data:image/png;base64,AA',
      description: 'Text',
    });
  });
});
