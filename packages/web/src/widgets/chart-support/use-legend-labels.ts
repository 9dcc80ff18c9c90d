import { useTranslation } from 'react-i18next';
import type { LegendStatLabels } from './time-chart';

/** The translated names of a chart legend's value columns. */
export function useLegendLabels(): LegendStatLabels {
  const { t } = useTranslation();
  return {
    min: t('dashboard-viewer.legend-min'),
    max: t('dashboard-viewer.legend-max'),
    avg: t('dashboard-viewer.legend-avg'),
    total: t('dashboard-viewer.legend-total'),
  };
}
