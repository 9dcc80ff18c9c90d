import type { ComponentDescriptor } from '@meridian/common';
import { nodeDefinitionOf } from '@meridian/common';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../../selectors';
import { LIBRARY_CATEGORIES, RULE_NODE_COLORS } from './node-colors';

/** The drag data type of a library tile: its descriptor's class. */
export const LIBRARY_DRAG_TYPE = 'application/x-meridian-rule-node';

/**
 * The node library (reference console §8.1): a search box and a section per category with a tile
 * per node class. Tiles are dragged onto the canvas; a double-click (or Enter) adds one as well.
 */
export function NodeLibrary(props: {
  descriptors: readonly ComponentDescriptor[];
  onAdd: (descriptor: ComponentDescriptor) => void;
}) {
  const { descriptors, onAdd } = props;
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const sections = useMemo(() => {
    const text = search.trim().toLowerCase();
    const matching = descriptors
      .filter((d) => text === '' || d.name.toLowerCase().includes(text))
      .sort((a, b) => a.name.localeCompare(b.name));
    return LIBRARY_CATEGORIES.map((category) => ({
      category,
      items: matching.filter((d) => d.type === category),
    })).filter((section) => section.items.length > 0);
  }, [descriptors, search]);

  return (
    <Box
      data-testid={selectors.ruleChains.library}
      sx={{ width: 260, flexShrink: 0, overflowY: 'auto', borderRight: 1, borderColor: 'divider', p: 1 }}
    >
      <TextField
        size="small"
        fullWidth
        placeholder={t('rulenode.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': selectors.ruleChains.librarySearch } }}
        sx={{ mb: 1 }}
      />
      {sections.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
          {t('rulenode.no-nodes-found')}
        </Typography>
      )}
      {sections.map(({ category, items }) => (
        <Accordion
          key={category}
          defaultExpanded
          disableGutters
          data-testid={selectors.ruleChains.libraryCategory(category)}
        >
          <AccordionSummary expandIcon={<ExpandMore />}>
            <Typography variant="subtitle2">{t(`rulenode.type-${category.toLowerCase()}`)}</Typography>
          </AccordionSummary>
          <AccordionDetails sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            {items.map((descriptor) => (
              <Tooltip
                key={descriptor.clazz}
                title={nodeDefinitionOf(descriptor).description ?? ''}
                placement="right"
              >
                <Box
                  role="button"
                  tabIndex={0}
                  draggable
                  data-testid={selectors.ruleChains.libraryItem(descriptor.name)}
                  onDragStart={(event) => {
                    event.dataTransfer.setData(LIBRARY_DRAG_TYPE, descriptor.clazz);
                    event.dataTransfer.effectAllowed = 'move';
                  }}
                  onDoubleClick={() => onAdd(descriptor)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') onAdd(descriptor);
                  }}
                  sx={{
                    px: 1,
                    py: 0.5,
                    borderRadius: 1,
                    bgcolor: RULE_NODE_COLORS[category],
                    color: 'rgba(0, 0, 0, 0.87)',
                    cursor: 'grab',
                    fontSize: 13,
                  }}
                >
                  {descriptor.name}
                </Box>
              </Tooltip>
            ))}
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
