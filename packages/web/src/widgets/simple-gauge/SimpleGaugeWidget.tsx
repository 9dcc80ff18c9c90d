import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { GaugeChart } from 'echarts/charts';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { chartThemeOf } from '../chart-theme';
import { useEChart } from '../echart-host';
import { simpleGaugeOption, simpleGaugeTitle } from '../gauge-support/simple-gauge-option';
import type { WidgetProps } from '../widget-definition';

// Only the parts this gauge draws, so the chunk stays small.
echarts.use([GaugeChart, CanvasRenderer]);

/** The reference's `digital_gauges.simple_gauge_justgage`: the first key's latest value on an arc. */
export function SimpleGaugeWidget(props: WidgetProps) {
  const theme = useTheme();
  const title = simpleGaugeTitle(props);
  const element = useEChart(echarts, simpleGaugeOption(props, chartThemeOf(theme)));
  return (
    <Box sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column' }}>
      {title && (
        <Typography variant="subtitle2" component="div" noWrap sx={{ textAlign: 'center', flexShrink: 0 }}>
          {title}
        </Typography>
      )}
      <Box ref={element} sx={{ position: 'relative', flex: 1, minHeight: 0 }} />
    </Box>
  );
}
