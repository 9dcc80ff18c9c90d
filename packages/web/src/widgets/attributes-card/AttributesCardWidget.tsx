import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import type { WidgetProps } from '../widget-definition';
import { attributesCardSections } from './attributes-card-model';
import { attributesCardSelectors as s } from './selectors';

/**
 * The reference's `cards.attributes_card`: for each entity of the datasources, its name and the
 * latest value of every data key as a label/value list, updated live by the runtime.
 */
export function AttributesCardWidget({ config, data }: WidgetProps) {
  const sections = useMemo(() => attributesCardSections({ config, data }), [config, data]);
  const color = typeof config.color === 'string' ? config.color : undefined;
  return (
    <Box sx={{ position: 'absolute', inset: 0, overflow: 'auto', color, px: 1 }}>
      {sections.map((section) => (
        <Box key={section.id} component="section" data-testid={s.entity} sx={{ py: 0.5 }}>
          <Typography
            variant="subtitle1"
            component="h3"
            data-testid={s.entityName}
            sx={{ color: 'inherit', fontWeight: 500 }}
          >
            {section.title}
          </Typography>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: 'minmax(min-content, max-content) 1fr',
              columnGap: 2,
              rowGap: 0.5,
            }}
          >
            {section.rows.map((row) => (
              <Box key={row.id} data-testid={s.row} sx={{ display: 'contents' }}>
                <Typography
                  component="dt"
                  variant="body2"
                  data-testid={s.label}
                  sx={{ color: 'inherit', opacity: 0.8 }}
                >
                  {row.label}
                </Typography>
                <Typography
                  component="dd"
                  variant="body2"
                  data-testid={s.value}
                  sx={{ m: 0, color: 'inherit', fontWeight: 500, overflowWrap: 'anywhere' }}
                >
                  {row.value}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
