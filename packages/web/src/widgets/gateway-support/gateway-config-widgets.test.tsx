import type { EntityAlias, JsonObject } from '@meridian/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DashboardRuntimeContext } from '../../dashboard/dashboard-runtime-context';
import type { DashboardModel } from '../../dashboard/runtime/dashboard-model';
import { testRuntime } from '../../test/dashboard-runtime';
import { createFakeBackend } from '../../test/fake-backend';
import { renderWithServices } from '../../test/render-widget';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { GatewayConfigLatestWidget } from '../gateway-config-latest/GatewayConfigLatestWidget';
import { GatewayConfigurationWidget } from '../gateway-configuration/GatewayConfigurationWidget';
import { encodeBase64Json } from './gateway-config-model';
import { gatewaySummarySelectors as s } from './selectors';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const CONFIG = {
  thingsboard: {
    thingsboard: { host: 'iot.example.com', port: 1883, security: { accessToken: 'secret' } },
    storage: { type: 'file' },
  },
  MQTT: [{ name: 'Broker', config: {} }],
};

/** A backend whose device `id-<name>` has these attributes per scope. */
function gatewayBackend(name: string, scopes: Record<string, Record<string, string>>) {
  const routes = Object.fromEntries(
    ['CLIENT_SCOPE', 'SHARED_SCOPE', 'SERVER_SCOPE'].map((scope) => [
      `GET /api/plugins/telemetry/DEVICE/id-${name}/values/attributes/${scope}`,
      () => ({
        body: Object.entries(scopes[scope] ?? {}).map(([key, value]) => ({ key, value, lastUpdateTs: 1 })),
      }),
    ]),
  );
  return createFakeBackend({
    ...routes,
    'POST /api/entitiesQuery/find': (call) => {
      const filter = (call.body as { entityFilter: { singleEntity?: { id: string } } }).entityFilter;
      const id = filter.singleEntity?.id ?? '';
      const data = id
        ? [
            {
              entityId: { entityType: id.startsWith('asset') ? 'ASSET' : 'DEVICE', id },
              latest: { ENTITY_FIELD: { name: { ts: 1, value: id.replace(/^id-/, '') } } },
              timeseries: {},
            },
          ]
        : [];
      return { body: { data, totalPages: 1, totalElements: data.length, hasNext: false } };
    },
  });
}

const withQueries = (ui: ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {ui}
  </QueryClientProvider>
);

/** A static widget on a dashboard with these aliases (single entities, by id). */
function onDashboard(ui: ReactNode, aliases: Record<string, string>) {
  const entityAliases: Record<string, EntityAlias> = Object.fromEntries(
    Object.entries(aliases).map(([alias, id]) => [
      `a-${alias}`,
      {
        id: `a-${alias}`,
        alias,
        filter: {
          type: 'singleEntity',
          singleEntity: { entityType: id.startsWith('asset') ? 'ASSET' : 'DEVICE', id },
        },
      },
    ]),
  );
  const runtime = testRuntime({ model: { entityAliases } as unknown as DashboardModel });
  return <DashboardRuntimeContext.Provider value={runtime}>{ui}</DashboardRuntimeContext.Provider>;
}

const staticProps = (settings: JsonObject) => ({
  config: { settings },
  data: [],
  range: { startTs: 0, endTs: 1 },
});

describe('GatewayConfigLatestWidget', () => {
  it('reads the datasource gateway’s configuration and shows its summary', async () => {
    const backend = gatewayBackend('GW', {
      SHARED_SCOPE: { configuration: encodeBase64Json(CONFIG), RemoteLoggingLevel: 'INFO' },
      SERVER_SCOPE: { configuration_drafts: encodeBase64Json({ Spare: { connector: 'OPC-UA' } }) },
    });
    const props = widgetProps([dataKey('active', { type: 'attribute' })], [entityData('GW', ['true'])], {
      settings: { gatewayTitle: 'Plant gateway' },
    });
    renderWithServices(withQueries(<GatewayConfigLatestWidget {...props} />), backend);
    expect(await screen.findByTestId(s.title)).toHaveTextContent('Plant gateway');
    expect(screen.getByTestId(s.field('host'))).toHaveTextContent('iot.example.com');
    expect(screen.getByTestId(s.field('port'))).toHaveTextContent('1883');
    expect(screen.getByTestId(s.field('security'))).toHaveTextContent('Access token');
    expect(screen.getByTestId(s.field('storage'))).toHaveTextContent('File storage');
    expect(screen.getByTestId(s.field('logging'))).toHaveTextContent('INFO');
    expect(screen.getAllByTestId(s.connector).map((row) => row.textContent)).toEqual([
      'BrokerMQTTEnabled',
      'SpareOPC-UADisabled',
    ]);
    // Read only: nothing to type in, tick or press.
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('says so when the configuration attribute is not base64 JSON', async () => {
    const backend = gatewayBackend('GW', { SHARED_SCOPE: { configuration: '%%%not-base64' } });
    const props = widgetProps([dataKey('active')], [entityData('GW', ['true'])]);
    renderWithServices(withQueries(<GatewayConfigLatestWidget {...props} />), backend);
    expect(await screen.findByTestId(s.message)).toHaveTextContent(
      'The configuration attribute of gateway GW is not a readable configuration.',
    );
  });

  it('uses a configuration key of its datasource before the one read', async () => {
    const backend = gatewayBackend('GW', {});
    const live = encodeBase64Json({ thingsboard: { thingsboard: { host: 'live.example.com' } } });
    const props = widgetProps(
      [dataKey('current_configuration', { type: 'attribute' })],
      [entityData('GW', [live])],
    );
    renderWithServices(withQueries(<GatewayConfigLatestWidget {...props} />), backend);
    expect(await screen.findByTestId(s.field('host'))).toHaveTextContent('live.example.com');
  });
});

describe('GatewayConfigurationWidget', () => {
  it('takes the first device the dashboard’s aliases resolve to', async () => {
    const backend = gatewayBackend('Edge-GW', {
      CLIENT_SCOPE: { current_configuration: encodeBase64Json(CONFIG) },
    });
    renderWithServices(
      withQueries(
        onDashboard(<GatewayConfigurationWidget {...staticProps({ widgetTitle: 'Edge' })} />, {
          Building: 'asset-1',
          Gateway: 'id-Edge-GW',
        }),
      ),
      backend,
    );
    expect(await screen.findByTestId(s.title)).toHaveTextContent('Edge');
    expect(screen.getByText('Edge-GW')).toBeInTheDocument();
    expect(screen.getByTestId(s.field('host'))).toHaveTextContent('iot.example.com');
  });

  it('names what is missing when no alias gives a device', async () => {
    renderWithServices(
      withQueries(onDashboard(<GatewayConfigurationWidget {...staticProps({})} />, { Building: 'asset-1' })),
      gatewayBackend('x', {}),
    );
    expect(await screen.findByTestId(s.message)).toHaveTextContent(
      "None of the dashboard's entity aliases (Building) resolves to a device to use as the gateway.",
    );
  });

  it('asks for an alias on a dashboard without any', async () => {
    renderWithServices(withQueries(onDashboard(<GatewayConfigurationWidget {...staticProps({})} />, {})));
    expect(await screen.findByTestId(s.message)).toHaveTextContent(/no entity alias naming the gateway/);
  });
});
