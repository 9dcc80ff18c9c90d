import type { EntityId, EntityRelation, EntityRelationInfo, EntityType } from '@meridian/common';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../../selectors';
import { entityTabsSelectors } from '../selectors';
import { renderTab, tableHeaders, tableRow, tableRows } from '../tab-test-utils';
import { RelationTable } from './RelationTable';
import { RELATION_TARGET_TYPES, type RelationsTabApi } from './types';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const T = selectors.entityTable;
const S = entityTabsSelectors.relations;
const DEVICE: EntityId = { entityType: 'DEVICE', id: 'device-1' };
const NAMES: Record<string, string> = {
  'device-1': 'Thermostat',
  'asset-1': 'Building 1',
  'asset-2': 'Floor 2',
  'device-2': 'Sensor 9',
};

const key = (r: EntityRelation) => `${r.from.id}|${r.type}|${r.to.id}`;

/** An in-memory relation store behind the tab's calls. */
function fakeApi(seed: EntityRelation[]) {
  const relations = new Map(seed.map((r) => [key(r), r]));
  const info = (r: EntityRelation): EntityRelationInfo => ({
    ...r,
    fromName: NAMES[r.from.id] ?? '',
    toName: NAMES[r.to.id] ?? '',
  });
  const api = {
    getRelations: vi.fn(async (entityId: EntityId, direction: 'FROM' | 'TO') =>
      [...relations.values()]
        .filter((r) => (direction === 'FROM' ? r.from.id : r.to.id) === entityId.id)
        .map(info),
    ),
    saveRelation: vi.fn(async (relation: EntityRelation) => {
      relations.set(key(relation), relation);
    }),
    deleteRelation: vi.fn(async (relation: EntityRelation) => {
      relations.delete(key(relation));
    }),
    searchEntities: vi.fn(async (entityType: EntityType, text: string) =>
      Object.entries(NAMES)
        .filter(
          ([id, name]) =>
            id.startsWith(entityType.toLowerCase()) && name.toLowerCase().includes(text.toLowerCase()),
        )
        .map(([id, name]) => ({ id, label: name, entityId: { entityType, id } })),
    ),
  } satisfies RelationsTabApi;
  return api;
}

const asset = (id: string) => ({ entityType: 'ASSET' as const, id });
const device = (id: string) => ({ entityType: 'DEVICE' as const, id });

function seed(): EntityRelation[] {
  return [
    { from: asset('asset-1'), to: DEVICE, type: 'Contains', typeGroup: 'COMMON' },
    {
      from: DEVICE,
      to: device('device-2'),
      type: 'Manages',
      typeGroup: 'COMMON',
      additionalInfo: { note: 'x' },
    },
  ];
}

function renderRelations(api: RelationsTabApi) {
  return renderTab(
    <RelationTable entityId={DEVICE} api={api} targetTypes={RELATION_TARGET_TYPES.TENANT_ADMIN} />,
  );
}

/** Type, entity type and entity name of every row (after the selection column). */
const rows = () => tableRows('relations').map((cells) => cells.slice(1, 4));

describe('RelationTable', () => {
  it('lists outbound relations, then inbound ones', async () => {
    const api = fakeApi(seed());
    const { user } = await renderRelations(api);
    await waitFor(() => expect(rows()).toEqual([['Manages', 'Device', 'Sensor 9']]));
    expect(screen.getByTestId(T.title)).toHaveTextContent('Outbound relations');
    expect(tableHeaders('relations').slice(1, 4)).toEqual(['Type', 'To entity type', 'To entity name']);
    expect(api.getRelations).toHaveBeenCalledWith(DEVICE, 'FROM', expect.anything());

    await user.click(screen.getByTestId(S.direction));
    await user.click(screen.getByRole('option', { name: 'To' }));
    await waitFor(() => expect(rows()).toEqual([['Contains', 'Asset', 'Building 1']]));
    expect(screen.getByTestId(T.title)).toHaveTextContent('Inbound relations');
    expect(tableHeaders('relations').slice(1, 4)).toEqual(['Type', 'From entity type', 'From entity name']);
  });

  it('adds a "Contains" relation to a picked entity, with additional info', async () => {
    const api = fakeApi(seed());
    const { user } = await renderRelations(api);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByTestId(T.add));
    const dialog = await screen.findByTestId(S.dialog);
    expect(within(dialog).getByTestId(S.type)).toHaveValue('Contains');
    const add = within(dialog).getByTestId(S.submit);
    expect(add).toBeDisabled();

    await user.click(within(dialog).getByTestId(S.entityType));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Device',
      'Asset',
      'Entity view',
      'Customer',
      'User',
      'Dashboard',
    ]);
    await user.click(screen.getByRole('option', { name: 'Asset' }));
    await user.type(within(dialog).getByTestId(S.entity), 'floor');
    await waitFor(() => expect(api.searchEntities).toHaveBeenCalledWith('ASSET', 'floor', expect.anything()));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Floor 2']),
    );
    await user.click(screen.getByRole('option', { name: 'Floor 2' }));

    const info = within(dialog).getByTestId(S.additionalInfo);
    await user.type(info, '[[1]');
    expect(within(dialog).getByText('Value is not a valid JSON object.')).toBeInTheDocument();
    expect(add).toBeDisabled();
    await user.clear(info);
    await user.type(info, '{{"level":2}');
    await user.click(add);
    await waitFor(() => expect(screen.queryByTestId(S.dialog)).not.toBeInTheDocument());
    expect(api.saveRelation).toHaveBeenCalledWith({
      from: DEVICE,
      to: asset('asset-2'),
      type: 'Contains',
      typeGroup: 'COMMON',
      additionalInfo: { level: 2 },
    });
    await waitFor(() =>
      expect(rows()).toEqual([
        ['Contains', 'Asset', 'Floor 2'],
        ['Manages', 'Device', 'Sensor 9'],
      ]),
    );
  });

  it('suggests relation types by prefix and requires one', async () => {
    const api = fakeApi([]);
    const { user } = await renderRelations(api);
    await screen.findByText('No relations found');
    await user.click(screen.getByTestId(T.add));
    const dialog = await screen.findByTestId(S.dialog);
    const type = within(dialog).getByTestId(S.type);
    await user.clear(type);
    await user.type(type, 'ma');
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Manages']);
    await user.clear(type);
    await user.tab();
    expect(within(dialog).getByText('Relation type is required.')).toBeInTheDocument();
  });

  it('edits the additional info of a relation only', async () => {
    const api = fakeApi(seed());
    const { user } = await renderRelations(api);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(within(tableRow('relations', 'Sensor 9')).getByTestId(T.rowAction('editRelation')));
    const dialog = await screen.findByTestId(S.dialog);
    expect(within(dialog).getByTestId(S.type)).toBeDisabled();
    expect(within(dialog).getByTestId(S.entity)).toHaveValue('Sensor 9');
    const save = within(dialog).getByTestId(S.submit);
    expect(save).toBeDisabled();
    const info = within(dialog).getByTestId(S.additionalInfo);
    expect(JSON.parse((info as HTMLTextAreaElement).value)).toEqual({ note: 'x' });
    await user.clear(info);
    await user.type(info, '{{"note":"y"}');
    await user.click(save);
    await waitFor(() => expect(api.saveRelation).toHaveBeenCalledTimes(1));
    expect(api.saveRelation).toHaveBeenCalledWith({
      from: DEVICE,
      to: device('device-2'),
      type: 'Manages',
      typeGroup: 'COMMON',
      additionalInfo: { note: 'y' },
    });
  });

  it('deletes one relation, then several, after confirmation', async () => {
    const api = fakeApi([
      ...seed(),
      { from: DEVICE, to: asset('asset-1'), type: 'Contains', typeGroup: 'COMMON' },
      { from: DEVICE, to: asset('asset-2'), type: 'Contains', typeGroup: 'COMMON' },
    ]);
    const { user } = await renderRelations(api);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(within(tableRow('relations', 'Sensor 9')).getByTestId(T.rowAction('deleteRelation')));
    const confirm = await screen.findByTestId(T.confirmDialog);
    expect(confirm).toHaveTextContent(
      'Are you sure you want to delete the relation to the entity “Sensor 9”?',
    );
    await user.click(within(confirm).getByTestId(T.confirmOk));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(api.deleteRelation).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'Manages', to: device('device-2') }),
    );

    await user.click(screen.getByTestId(T.selectAll));
    await user.click(screen.getByTestId(T.groupAction('delete')));
    const bulk = await screen.findByTestId(T.confirmDialog);
    expect(bulk).toHaveTextContent('Are you sure you want to delete 2 relations?');
    await user.click(within(bulk).getByTestId(T.confirmOk));
    await screen.findByText('No relations found');
    expect(api.deleteRelation).toHaveBeenCalledTimes(3);
  });
});
