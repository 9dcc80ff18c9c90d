import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { clientPage, wholeList } from './client-page';

const rows = [
  { id: { id: 'a' }, key: 'temperature', kind: 'x', ts: 3 },
  { id: { id: 'b' }, key: 'humidity', kind: 'temp', ts: 1 },
  { id: { id: 'c' }, key: 'active', kind: 'y', ts: 2 },
];

describe('client-side pages', () => {
  it('searches the given fields only, then sorts and pages', () => {
    const page = clientPage(
      rows,
      { pageSize: 10, page: 0, textSearch: 'TEMP', sortOrder: { property: 'key', direction: 'ASC' } },
      ['key'],
    );
    expect(page.data.map((row) => row.key)).toEqual(['temperature']);
    const both = clientPage(
      rows,
      { pageSize: 10, page: 0, textSearch: 'temp', sortOrder: { property: 'ts', direction: 'DESC' } },
      ['key', 'kind'],
    );
    expect(both.data.map((row) => row.key)).toEqual(['temperature', 'humidity']);
    const second = clientPage(
      rows,
      { pageSize: 2, page: 1, sortOrder: { property: 'key', direction: 'ASC' } },
      ['key'],
    );
    expect(second).toMatchObject({ totalElements: 3, totalPages: 2, hasNext: false });
    expect(second.data.map((row) => row.key)).toEqual(['temperature']);
  });

  it('loads the whole list once, again after invalidation', async () => {
    const client = new QueryClient();
    const load = vi.fn(async () => ['x']);
    await wholeList(client, ['k', 'all'], load);
    await wholeList(client, ['k', 'all'], load);
    expect(load).toHaveBeenCalledTimes(1);
    await client.invalidateQueries({ queryKey: ['k'] });
    await wholeList(client, ['k', 'all'], load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
