import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlFailure } from './rpc-command';
import { controlSelectors } from './selectors';

/**
 * The layout of the reference's control widgets: the `title` setting above the control, and under
 * it a line for what went wrong (no target device, a timeout, an error) or what the device said.
 */
export function ControlFrame({
  title,
  failure,
  noTarget,
  note,
  children,
}: {
  title: string;
  failure: ControlFailure | null;
  /** No device to talk to: said in place of any failure. */
  noTarget: boolean;
  /** A neutral line (a device's reply) shown when nothing failed. */
  note?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const problem = noTarget
    ? t('control-widgets.no-target-device')
    : failure && t(failure.key, failure.values);
  return (
    <Box
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', p: 1, gap: 0.5 }}
    >
      {title && (
        <Typography variant="subtitle1" component="div" noWrap sx={{ maxWidth: '100%', fontWeight: 500 }}>
          {title}
        </Typography>
      )}
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          width: '100%',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {children}
      </Box>
      {(problem || note) && (
        <Typography
          variant="body2"
          color={problem ? 'error' : 'text.secondary'}
          role={problem ? 'alert' : undefined}
          data-testid={problem ? controlSelectors.error : controlSelectors.note}
          sx={{ textAlign: 'center', wordBreak: 'break-word' }}
        >
          {problem || note}
        </Typography>
      )}
    </Box>
  );
}
