import Box from '@mui/material/Box';
import type { FormEventHandler, ReactNode } from 'react';

/**
 * A form filling a dialog: title and actions stay put while the content between them scrolls.
 */
export function DialogForm({
  onSubmit,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
    >
      {children}
    </Box>
  );
}
