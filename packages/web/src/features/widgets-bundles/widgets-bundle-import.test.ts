import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../app/http/http-client';
import { importWidgetsBundle } from './widgets-bundle-import';

const descriptor = { type: 'static', sizeX: 4, sizeY: 3, defaultConfig: '{}' };
const saved = { id: { entityType: 'WIDGETS_BUNDLE', id: 'new-bundle' }, alias: 'cards2', title: 'Cards' };

function fakeHttp(refuseType: string | null) {
  const post = vi.fn(async (path: string, body: { name?: string }) => {
    if (path === '/api/widgetsBundle') return saved;
    if (body.name === refuseType) throw Object.assign(new Error('refused'), { status: 400 });
    return { ...body, id: { entityType: 'WIDGET_TYPE', id: body.name } };
  });
  const del = vi.fn(async () => undefined);
  return { http: { post, delete: del } as unknown as HttpClient, post, del };
}

const file = {
  widgetsBundle: { alias: 'cards', title: 'Cards', image: null, description: null },
  widgetTypes: [
    { name: 'One', image: null, description: null, descriptor },
    { name: 'Two', image: null, description: null, descriptor },
  ],
} as never;

describe('importing a widgets bundle', () => {
  it('creates the bundle, then its types in the alias the server gave it', async () => {
    const { http, post, del } = fakeHttp(null);
    await expect(importWidgetsBundle(http, file)).resolves.toBe(saved);
    expect(
      post.mock.calls.map(([path, body]) => [path, (body as { bundleAlias?: string }).bundleAlias]),
    ).toEqual([
      ['/api/widgetsBundle', undefined],
      ['/api/widgetType', 'cards2'],
      ['/api/widgetType', 'cards2'],
    ]);
    expect(del).not.toHaveBeenCalled();
  });

  it('deletes the new bundle (and with it the types saved) when a type is refused', async () => {
    const { http, del } = fakeHttp('Two');
    await expect(importWidgetsBundle(http, file)).rejects.toThrow('refused');
    expect(del).toHaveBeenCalledWith('/api/widgetsBundle/new-bundle');
  });
});
