import type { AlarmData } from '@meridian/common';
import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ackAlarm, clearAlarm } from '../../api/alarms';
import { useServices } from '../../app/services/useServices';
import {
  canAcknowledge,
  canClear,
  severityLabel,
  statusLabel,
} from '../../components/entity-tabs/alarms/alarm-labels';
import { entityTypeLabel } from '../../components/entity-tabs/entity-type-labels';
import { useFormatters } from '../../i18n/useFormatters';
import { noDataMessageOf } from '../table-parts/no-data-message';
import { flag, pageSizeOf, parseSortOrder } from '../table-parts/table-model';
import { WidgetTable } from '../table-parts/WidgetTable';
import type { WidgetProps } from '../widget-definition';
import { alarmColumnOf, alarmsTable } from './alarms-table-model';
import { alarmsTableSelectors as s } from './selectors';

/**
 * The reference's `alarm_widgets.alarms_table`: the alarms of the `alarmSource` entities, live
 * over the runtime's alarm subscription, searchable (`enableSearch`), paged (`displayPagination`,
 * `defaultPageSize`), with acknowledge and clear per row (`allowAcknowledgment`, `allowClear`).
 * A change made here comes back through the subscription like any other.
 */
export function AlarmsTableWidget({ config, data }: WidgetProps) {
  const { t } = useTranslation();
  const { http } = useServices();
  const formatters = useFormatters();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const source = data[0];
  const alarms = source?.alarms ?? [];
  const dataKeys = source?.dataKeys ?? [];
  const settings = config.settings;
  const table = useMemo(
    () =>
      alarmsTable(
        dataKeys,
        alarms,
        {
          dateTime: formatters.dateTime,
          severity: (severity) => severityLabel(t, severity),
          status: (status) => statusLabel(t, status),
          entityType: (type) => entityTypeLabel(t, type),
        },
        settings,
      ),
    [dataKeys, alarms, formatters, t, settings],
  );
  const byId = useMemo(() => new Map(alarms.map((alarm) => [alarm.id.id, alarm])), [alarms]);
  const allowAck = flag(settings?.allowAcknowledgment, true);
  const allowClear = flag(settings?.allowClear, true);
  const defaultSort = parseSortOrder(settings?.defaultSortOrder ?? '-createdTime', (name) =>
    alarmColumnOf(dataKeys, name),
  );

  const run = (alarmId: string, action: typeof ackAlarm) => {
    setPending((current) => new Set(current).add(alarmId));
    action(http, alarmId)
      .catch(() => undefined)
      .finally(() =>
        setPending((current) => {
          const next = new Set(current);
          next.delete(alarmId);
          return next;
        }),
      );
  };

  const actions = (alarm: AlarmData) => (
    <>
      {allowAck && (
        <Tooltip title={t('alarm.acknowledge')}>
          <span>
            <IconButton
              size="small"
              aria-label={t('alarm.acknowledge')}
              disabled={!canAcknowledge(alarm) || pending.has(alarm.id.id)}
              onClick={() => run(alarm.id.id, ackAlarm)}
              data-testid={s.acknowledge}
            >
              <Check fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
      {allowClear && (
        <Tooltip title={t('alarm.clear')}>
          <span>
            <IconButton
              size="small"
              aria-label={t('alarm.clear')}
              disabled={!canClear(alarm) || pending.has(alarm.id.id)}
              onClick={() => run(alarm.id.id, clearAlarm)}
              data-testid={s.clear}
            >
              <Close fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </>
  );

  return (
    <WidgetTable
      noDataMessage={noDataMessageOf(config)}
      columns={table.columns}
      rows={table.rows}
      defaultSort={defaultSort}
      enableSearch={flag(settings?.enableSearch, true)}
      displayPagination={flag(settings?.displayPagination, true)}
      pageSize={pageSizeOf(settings?.defaultPageSize)}
      stickyHeader={flag(settings?.enableStickyHeader, true)}
      scripts={table.scripts}
      {...(allowAck || allowClear
        ? {
            rowActions: (row) => {
              const alarm = byId.get(row.id);
              return alarm ? actions(alarm) : null;
            },
          }
        : {})}
    />
  );
}
