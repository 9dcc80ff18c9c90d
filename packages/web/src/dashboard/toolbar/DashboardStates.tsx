import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { stateTitle } from '../actions/widget-actions';
import type { DashboardModel } from '../runtime/dashboard-model';
import type { OpenedState } from '../runtime/state-param';
import { dashboardSelectors } from '../selectors';

/**
 * The state selector of the toolbar (reference console §5.2): with the entity state controller a
 * breadcrumb of the opened states with their entities, each a way back; with the default
 * controller a list of the dashboard's states. Nothing when there is only the root state to show.
 */
export function DashboardStates({
  model,
  stack,
  openStates,
}: {
  model: DashboardModel;
  stack: readonly OpenedState[];
  openStates: (states: readonly OpenedState[]) => void;
}) {
  const { t } = useTranslation();
  const states = Object.values(model.states);
  if (model.settings.stateControllerId === 'default') {
    const current = stack.at(-1);
    if (states.length < 2 || !current) return null;
    return (
      <TextField
        select
        size="small"
        variant="standard"
        label={t('dashboard-viewer.states')}
        value={current.id}
        onChange={(event) => openStates([{ id: event.target.value, params: current.params }])}
        slotProps={{ htmlInput: { 'data-testid': dashboardSelectors.states } }}
        sx={{ minWidth: 160, maxWidth: 260 }}
      >
        {states.map((state) => (
          <MenuItem key={state.id} value={state.id}>
            {stateTitle(state.name, current.params)}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (stack.length < 2) return null;
  return (
    <Box
      component="nav"
      aria-label={t('dashboard-viewer.states')}
      data-testid={dashboardSelectors.states}
      sx={{ display: 'flex', alignItems: 'center', minWidth: 0, overflow: 'hidden' }}
    >
      {stack.map((opened, index) => {
        const name = stateTitle(model.states[opened.id]?.name ?? opened.id, opened.params);
        const last = index === stack.length - 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a state may be opened twice in one stack
          <Fragment key={index}>
            {index > 0 && <ChevronRight fontSize="small" sx={{ color: 'text.secondary' }} />}
            {last ? (
              <Typography noWrap aria-current="page" sx={{ px: 1, fontWeight: 500 }}>
                {name}
              </Typography>
            ) : (
              <Button
                size="small"
                onClick={() => openStates(stack.slice(0, index + 1))}
                sx={{ textTransform: 'none', minWidth: 0, whiteSpace: 'nowrap' }}
              >
                {name}
              </Button>
            )}
          </Fragment>
        );
      })}
    </Box>
  );
}
