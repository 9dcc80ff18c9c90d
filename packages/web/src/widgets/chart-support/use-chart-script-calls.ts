import { useScriptCalls } from '../../dashboard/sandbox/use-script-calls';
import type { ChartScriptCalls } from './chart-scripts';

/**
 * A chart's tenant formatter calls: axis labels draw the chart again when answered; the tooltip
 * writes itself again instead (a redraw would close it under the pointer).
 */
export function useChartScriptCalls(): ChartScriptCalls {
  return { labels: useScriptCalls(), tooltip: useScriptCalls(false) };
}
