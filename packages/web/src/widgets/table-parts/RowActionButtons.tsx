import type { WidgetAction } from '@meridian/common';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ActionTarget } from '../../dashboard/actions/widget-actions';
import { MaterialIcon } from '../../dashboard/MaterialIcon';
import { widgetTableSelectors } from './selectors';

/** The action cell buttons of a table row (the widget's `actionCellButton` actions). */
export function RowActionButtons({
  actions,
  target,
  run,
}: {
  actions: readonly WidgetAction[];
  target: ActionTarget;
  run: (action: WidgetAction, target: ActionTarget, anchor: HTMLElement) => void;
}) {
  return actions.map((action, index) => (
    <Tooltip key={action.id ?? index} title={action.name}>
      <IconButton
        size="small"
        aria-label={action.name}
        data-testid={widgetTableSelectors.actionButton}
        onClick={(event) => {
          // The row's own click action must not run as well.
          event.stopPropagation();
          run(action, target, event.currentTarget);
        }}
      >
        <MaterialIcon
          name={typeof action.icon === 'string' && action.icon ? action.icon : 'more_horiz'}
          size={20}
        />
      </IconButton>
    </Tooltip>
  ));
}
