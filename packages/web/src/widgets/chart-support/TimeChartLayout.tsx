import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { RefObject } from 'react';
import type { WidgetProps } from '../widget-definition';
import { legendPositionOf } from './chart-legend';
import { type ChartSeries, legendIsTable, legendRows, legendStats } from './time-chart';
import { useLegendLabels } from './use-legend-labels';

const cell = { py: 0.25, px: 1, fontSize: 12, borderBottom: 'none', whiteSpace: 'nowrap' } as const;

/**
 * A time chart (line, bar, state) and, when the legend config asks for min, max, average or total,
 * its legend as the reference draws it then: a table of the series with those values, above or
 * below the chart as `legendConfig.position` says.
 */
export function TimeChartLayout({
  config,
  source,
  chart,
}: {
  config: WidgetProps['config'];
  source: ChartSeries[];
  chart: RefObject<HTMLDivElement | null>;
}) {
  const labels = useLegendLabels();
  const stats = legendStats(config);
  const table = legendIsTable(config) && (
    <Box data-legend-table="" sx={{ flexShrink: 0, maxHeight: '40%', overflow: 'auto' }}>
      <Table size="small" aria-label={config.title}>
        <TableHead>
          <TableRow>
            <TableCell sx={cell} />
            {stats.map((stat) => (
              <TableCell key={stat} align="right" sx={{ ...cell, color: 'text.secondary' }}>
                {labels[stat]}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {legendRows(source, stats).map((row) => (
            <TableRow key={row.name}>
              <TableCell sx={cell}>
                <Box
                  component="span"
                  sx={{ display: 'inline-block', width: 12, height: 4, mr: 1, verticalAlign: 'middle' }}
                  style={{ backgroundColor: row.color }}
                />
                {row.name}
              </TableCell>
              {row.values.map((value, i) => (
                <TableCell key={stats[i]} align="right" sx={cell}>
                  {value}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
  const top = legendPositionOf(config) === 'top';
  return (
    <Box sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column' }}>
      {top && table}
      <Box ref={chart} sx={{ position: 'relative', flex: 1, minHeight: 0 }} />
      {!top && table}
    </Box>
  );
}
