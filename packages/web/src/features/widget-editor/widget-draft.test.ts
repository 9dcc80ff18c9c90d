import { describe, expect, it } from 'vitest';
import { draftErrors, schemaError, withKind } from './widget-draft';
import { widgetTemplate } from './widget-templates';

describe('widget draft', () => {
  it('accepts an empty schema or a JSON object, and names what is wrong otherwise', () => {
    expect(schemaError('')).toBeNull();
    expect(schemaError('  ')).toBeNull();
    expect(schemaError('{"schema": {}, "form": []}')).toBeNull();
    expect(schemaError('[1]')).toBe('not an object');
    expect(schemaError('{"schema": ')).toMatch(/JSON|Unexpected/);
  });

  it('reports the schemas of a draft that would not save', () => {
    const draft = { name: 'W', image: null, description: null, descriptor: widgetTemplate('latest') };
    expect(draftErrors(draft)).toEqual({});
    const broken = { ...draft, descriptor: { ...draft.descriptor, dataKeySettingsSchema: '{oops' } };
    expect(Object.keys(draftErrors(broken))).toEqual(['dataKeySettingsSchema']);
    expect(withKind(draft, 'rpc').descriptor.type).toBe('rpc');
  });

  it('starts every kind from a template whose code and schemas are valid', () => {
    for (const kind of ['timeseries', 'latest', 'rpc', 'alarm', 'static'] as const) {
      const descriptor = widgetTemplate(kind);
      expect(descriptor.type).toBe(kind);
      expect(() => new Function('self', descriptor.controllerScript)).not.toThrow();
      expect(JSON.parse(descriptor.defaultConfig)).toMatchObject({ title: 'New widget' });
      expect(schemaError(descriptor.settingsSchema)).toBeNull();
    }
  });
});
