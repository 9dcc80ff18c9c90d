import type { WidgetsBundle } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { matchingBundles } from './WidgetLibraryPanel';

const bundle = (alias: string, title: string): WidgetsBundle => ({
  id: { entityType: 'WIDGETS_BUNDLE', id: alias },
  createdTime: 0,
  tenantId: { entityType: 'TENANT', id: '13814000-1dd2-11b2-8080-808080808080' },
  alias,
  title,
  image: null,
  description: null,
});

describe('widgets bundle search', () => {
  const bundles = [
    bundle('cards', 'Cards'),
    bundle('charts', 'Charts'),
    bundle('analogue_gauges', 'Analogue gauges'),
    bundle('edge_widgets', 'Edge widgets'),
  ];

  it('lists the bundles whose title holds the text, ignoring case', () => {
    expect(matchingBundles(bundles, 'CAR').map((b) => b.alias)).toEqual(['cards']);
    expect(matchingBundles(bundles, ' gauges ').map((b) => b.alias)).toEqual(['analogue_gauges']);
    expect(matchingBundles(bundles, 'nothing')).toEqual([]);
  });

  it('leaves out the edge bundle, as without edge support', () => {
    expect(matchingBundles(bundles, '').map((b) => b.alias)).toEqual(['cards', 'charts', 'analogue_gauges']);
    expect(matchingBundles(bundles, 'edge')).toEqual([]);
  });
});
