import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../i18n/useFormatters';
import { noDataMessageOf } from '../table-parts/no-data-message';
import { type TableRow, text, valueCell } from '../table-parts/table-model';
import { WidgetTable, type WidgetTableColumn } from '../table-parts/WidgetTable';
import type { WidgetProps } from '../widget-definition';
import { gatewayEvents } from './gateway-events-model';
import { gatewayEventsSelectors as s } from './selectors';

/**
 * The reference's `gateway_widgets.attributes_card` ("Gateway events"): the gateway's event keys
 * (names matching `eventsReg`) with their latest value and when it came, newest first, live.
 */
export function GatewayEventsWidget({ config, data }: WidgetProps) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const events = useMemo(() => gatewayEvents({ config, data }), [config, data]);
  const settings = (config.settings ?? {}) as Record<string, unknown>;
  const manyEntities = new Set(events.map((event) => event.entity)).size > 1;
  const columns: WidgetTableColumn[] = [
    ...(manyEntities ? [{ id: 'entity', title: t('dashboard-viewer.entity-name') }] : []),
    { id: 'key', title: t('gateway.event-key') },
    { id: 'value', title: t('gateway.event-value') },
    { id: 'ts', title: t('gateway.last-update') },
  ];
  const rows: TableRow[] = events.map((event) => ({
    id: event.id,
    cells: {
      entity: { text: event.entity, sortValue: event.entity },
      key: { text: event.key, sortValue: event.key },
      value: valueCell(event.value === '' ? undefined : event.value, event.value),
      ts: { text: dateTime(event.ts), sortValue: event.ts },
    },
  }));
  return (
    <Box
      data-testid={s.root}
      sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column' }}
    >
      <WidgetTable
        noDataMessage={noDataMessageOf(config)}
        columns={columns}
        rows={rows}
        defaultSort={{ column: 'ts', direction: 'desc' }}
        enableSearch
        displayPagination
        pageSize={10}
        stickyHeader
        header={
          <Typography variant="subtitle1" component="h3" data-testid={s.title} sx={{ px: 1, pt: 0.5 }}>
            {text(settings.eventsTitle) ?? t('gateway.events')}
          </Typography>
        }
      />
    </Box>
  );
}
