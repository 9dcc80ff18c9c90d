import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { RefObject } from 'react';
import type { WidgetProps } from '../widget-definition';
import { legendLayoutOf, legendOrder } from './chart-legend';
import { type ChartSeries, legendIsTable, legendRows, legendStats } from './time-chart';
import { useLegendLabels } from './use-legend-labels';

const cell = { py: 0.25, px: 1, fontSize: 12, borderBottom: 'none', whiteSpace: 'nowrap' } as const;

function Swatch({ color }: { color: string }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-block', width: 12, height: 4, mr: 1, verticalAlign: 'middle' }}
      style={{ backgroundColor: color }}
    />
  );
}

/**
 * A time chart (line, bar, state) and, when the legend config asks for min, max, average or total,
 * its legend as the reference draws it then: a table of the series with those values at the side
 * `legendConfig.position` says, a series a line (`direction: 'column'`) or a series a column
 * (`'row'`), sorted by name with `sortDataKeys`.
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
  const layout = legendLayoutOf(config);
  const rows = legendRows(
    legendOrder(source, layout, (series) => series.name),
    stats,
  );
  const atSide = layout.side === 'left' || layout.side === 'right';
  const byColumn = (
    <>
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
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two entities' series may share a name
          <TableRow key={index}>
            <TableCell sx={cell}>
              <Swatch color={row.color} />
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
    </>
  );
  const byRow = (
    <>
      <TableHead>
        <TableRow>
          <TableCell sx={cell} />
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two entities' series may share a name
            <TableCell key={index} align="right" sx={cell}>
              <Swatch color={row.color} />
              {row.name}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {stats.map((stat, i) => (
          <TableRow key={stat}>
            <TableCell sx={{ ...cell, color: 'text.secondary' }}>{labels[stat]}</TableCell>
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two entities' series may share a name
              <TableCell key={index} align="right" sx={cell}>
                {row.values[i]}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </>
  );
  const table = legendIsTable(config) && (
    <Box
      data-legend-table=""
      sx={{ flexShrink: 0, overflow: 'auto', ...(atSide ? { maxWidth: '40%' } : { maxHeight: '40%' }) }}
    >
      <Table size="small" aria-label={config.title}>
        {layout.column ? byColumn : byRow}
      </Table>
    </Box>
  );
  const first = layout.side === 'top' || layout.side === 'left';
  return (
    <Box sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: atSide ? 'row' : 'column' }}>
      {first && table}
      <Box ref={chart} sx={{ position: 'relative', flex: 1, minHeight: 0, minWidth: 0 }} />
      {!first && table}
    </Box>
  );
}
