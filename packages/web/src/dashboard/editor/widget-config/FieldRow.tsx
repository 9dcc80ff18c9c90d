import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * Fields side by side from 600 px, one under the other below. Not a Stack: a Stack's spacing
 * resets its children's margins, which the dense fields' floating labels need.
 */
export function FieldRow({ children, center = false }: { children: ReactNode; center?: boolean }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        columnGap: 1,
        alignItems: center ? { sm: 'center' } : undefined,
      }}
    >
      {children}
    </Box>
  );
}
