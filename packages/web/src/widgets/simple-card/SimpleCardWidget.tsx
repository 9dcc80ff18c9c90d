import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { dataKeyLabel, formatValue, valueFormatOf } from '../../dashboard/runtime/format-value';
import type { WidgetProps } from '../widget-definition';
import { simpleCardSelectors } from './selectors';

/**
 * The reference's `cards.simple_card`: the first key of the first datasource, its label beside or
 * above the value (`settings.labelPosition`: `left` or `top`).
 */
export function SimpleCardWidget({ config, data }: WidgetProps) {
  const source = data[0];
  const dataKey = source?.dataKeys[0];
  if (!source || !dataKey) return null;
  const value = source.entities[0]?.latest[0]?.value;
  const labelOnTop = config.settings?.labelPosition === 'top';
  const color = typeof config.color === 'string' ? config.color : undefined;
  return (
    <Box
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: labelOnTop ? 'column' : 'row',
        alignItems: 'center',
        justifyContent: 'center',
        gap: labelOnTop ? 0.5 : 2,
        color,
        overflow: 'hidden',
      }}
    >
      <Typography variant="subtitle1" component="div" sx={{ color: 'inherit', opacity: 0.8 }}>
        {dataKeyLabel(dataKey)}
      </Typography>
      <Typography
        variant="h4"
        component="div"
        data-testid={simpleCardSelectors.value}
        sx={{ color: 'inherit', fontWeight: 500, whiteSpace: 'nowrap' }}
      >
        {formatValue(value, valueFormatOf(dataKey, config))}
      </Typography>
    </Box>
  );
}
