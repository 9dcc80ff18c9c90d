import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../selectors';
import type { RowAction } from './types';

export interface RowActionsProps<T> {
  entity: T;
  actions: RowAction<T>[];
  /** Icon buttons (wide screens) or a "more" menu (narrow screens). */
  compact: boolean;
  run: (action: RowAction<T>, entity: T) => void;
}

/**
 * The actions cell of a row. As icon buttons, actions hidden for this row keep their place so the
 * icons line up across rows.
 */
export function RowActions<T>({ entity, actions, compact, run }: RowActionsProps<T>) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const visible = (action: RowAction<T>) => action.isVisible?.(entity) ?? true;
  const stop = (event: MouseEvent) => event.stopPropagation();

  if (compact) {
    const shown = actions.filter(visible);
    if (shown.length === 0) {
      return null;
    }
    return (
      <Box onClick={stop} sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <IconButton
          size="small"
          aria-label={t('entity.more-actions')}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid={selectors.entityTable.rowMoreActions}
        >
          <MoreVert fontSize="small" />
        </IconButton>
        <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          {shown.map((action) => (
            <MenuItem
              key={action.id}
              onClick={() => {
                setAnchor(null);
                run(action, entity);
              }}
              data-testid={selectors.entityTable.rowAction(action.id)}
            >
              <ListItemIcon>{action.icon}</ListItemIcon>
              <ListItemText>{action.label}</ListItemText>
            </MenuItem>
          ))}
        </Menu>
      </Box>
    );
  }
  return (
    <Box onClick={stop} sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'nowrap' }}>
      {actions.map((action) =>
        visible(action) ? (
          <Tooltip key={action.id} title={action.label}>
            <IconButton
              size="small"
              sx={{ p: 0.5 }}
              aria-label={action.label}
              onClick={() => run(action, entity)}
              data-testid={selectors.entityTable.rowAction(action.id)}
            >
              {action.icon}
            </IconButton>
          </Tooltip>
        ) : (
          <Box key={action.id} aria-hidden sx={{ width: 28, flex: 'none' }} />
        ),
      )}
    </Box>
  );
}
