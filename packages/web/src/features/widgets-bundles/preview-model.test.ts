import type { WidgetTypeDetails } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { previewModelOf } from './preview-model';

const type = (id: string, alias: string, defaultConfig: string): WidgetTypeDetails => ({
  id: { entityType: 'WIDGET_TYPE', id },
  createdTime: 1,
  tenantId: { entityType: 'TENANT', id: 't' },
  bundleAlias: 'cards',
  alias,
  name: `Name of ${alias}`,
  image: null,
  description: null,
  descriptor: {
    type: 'latest',
    sizeX: 5,
    sizeY: 3,
    resources: [],
    templateHtml: '',
    templateCss: '',
    controllerScript: '',
    defaultConfig,
  },
});

describe('the previews of a bundle', () => {
  it('has one widget per type, from its default config, keyed by the type id and titled with its name', () => {
    const model = previewModelOf(
      [type('a', 'simple_card', '{"title":"New","settings":{"labelPosition":"top"}}')],
      true,
    );
    expect(model.widgets.a).toMatchObject({
      bundleAlias: 'cards',
      typeAlias: 'simple_card',
      type: 'latest',
      config: { title: 'Name of simple_card', settings: { labelPosition: 'top' } },
    });
  });

  it('sets a type whose default config does not parse apart, and shows the others', () => {
    const model = previewModelOf([type('a', 'ok', '{}'), type('b', 'bad', '{not json')], false);
    expect(Object.keys(model.widgets)).toEqual(['a']);
  });
});
