import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { inputSelectors as s } from './selectors';

/** The single-value input widgets' body: the `widgetTitle` setting above the inputs, centred. */
export function InputFrame({ title, children }: { title: string | undefined; children: ReactNode }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        overflow: 'auto',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        px: 1.5,
        py: 1,
        gap: 0.5,
      }}
    >
      {title && (
        <Typography variant="subtitle1" component="div" noWrap sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
      )}
      {children}
    </Box>
  );
}

/** Why the widget cannot edit anything (no entity, no key, a shared attribute of a non-device). */
export function InputProblemText({ text }: { text: string }) {
  return (
    <Typography variant="body2" color="text.secondary" data-testid={s.problem} sx={{ textAlign: 'center' }}>
      {text}
    </Typography>
  );
}
