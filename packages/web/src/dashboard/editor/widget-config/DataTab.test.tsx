import type { JsonObject } from '@meridian/common';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithServices } from '../../../test/render-widget';
import { DEFAULT_TYPE_PARAMETERS, type WidgetTypeParameters } from '../../../widgets/widget-definition';
import { DataTab } from './DataTab';
import { newDataKey } from './data-keys';
import { widgetConfigSelectors as S } from './widget-config-selectors';

const configuration = {
  entityAliases: { a1: { id: 'a1', alias: 'Thermostat', filter: { type: 'singleEntity' } } },
} as unknown as JsonObject;

const datasource = (...keys: string[]) => ({
  type: 'entity',
  entityAliasId: 'a1',
  filterId: null,
  dataKeys: keys.map((name, index) => newDataKey(name, 'timeseries', index)),
});

function renderTab(datasources: unknown[], parameters: Partial<WidgetTypeParameters>) {
  const onChange = vi.fn();
  const view = renderWithServices(
    <DataTab
      config={{ datasources } as unknown as JsonObject}
      onChange={onChange}
      kind="latest"
      configuration={configuration}
      keySettingsSchema={undefined}
      noDataMessage={false}
      typeParameters={{ ...DEFAULT_TYPE_PARAMETERS, ...parameters }}
    />,
  );
  return { ...view, onChange };
}

/** The keys of the datasources the tab last handed to `onChange`. */
const keysChanged = (onChange: ReturnType<typeof vi.fn>) => {
  const config = onChange.mock.lastCall?.[0] as
    | { datasources: { dataKeys: { name: string }[] }[] }
    | undefined;
  return config?.datasources.map((d) => d.dataKeys.map((key) => key.name));
};

describe('Data tab limits of the widget type', () => {
  it('offers another datasource below maxDatasources only, and shows saved ones over it as they are', async () => {
    const unlimited = renderTab([datasource('t')], { maxDatasources: -1 });
    expect(screen.getByTestId(S.addDatasource)).toBeTruthy();
    expect(screen.queryByTestId(S.datasourceLimit)).toBeNull();
    unlimited.unmount();

    renderTab([datasource('t'), datasource('h')], { maxDatasources: 1 });
    expect(screen.getByTestId(S.datasource(0))).toBeTruthy();
    expect(screen.getByTestId(S.datasource(1))).toBeTruthy();
    expect(screen.queryByTestId(S.addDatasource)).toBeNull();
    expect(screen.getByTestId(S.datasourceLimit).textContent).toBe(
      'This widget takes at most 1 datasource(s).',
    );
  });

  it('refuses a key over maxDataKeys with a hint, and takes one below it', async () => {
    const full = renderTab([datasource('temperature')], { maxDataKeys: 1 });
    await full.user.type(screen.getByTestId(S.datasourceKeys(0)), 'humidity{Enter}');
    expect(full.onChange).not.toHaveBeenCalled();
    expect(screen.getByTestId(S.datasourceKeysHint(0)).textContent).toBe('At most 1 key(s) per datasource');
    // The saved key can still go.
    expect(screen.getByTestId(S.keyChip(0, 'temperature'))).toBeTruthy();
    full.unmount();

    const room = renderTab([datasource('temperature')], { maxDataKeys: 2 });
    await room.user.type(screen.getByTestId(S.datasourceKeys(0)), 'humidity{Enter}');
    expect(keysChanged(room.onChange)).toEqual([['temperature', 'humidity']]);
    expect(screen.queryByTestId(S.datasourceKeysHint(0))).toBeNull();
  });

  it('asks for a key of a datasource without any unless keys are optional', () => {
    const required = renderTab([datasource('t'), datasource()], { dataKeysOptional: false });
    expect(screen.queryByTestId(S.datasourceKeysHint(0))).toBeNull();
    expect(screen.getByTestId(S.datasourceKeysHint(1)).textContent).toBe('At least one data key is required');
    required.unmount();

    renderTab([datasource()], { dataKeysOptional: true });
    expect(screen.queryByTestId(S.datasourceKeysHint(0))).toBeNull();
  });
});
