import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Preformatted text (a shell command, a JSON reply) on a shaded background; long lines wrap. */
export function CodeBlock({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box
      component="pre"
      data-testid={testId}
      sx={{
        flex: 1,
        m: 0,
        p: 1.5,
        bgcolor: (theme) => theme.palette.action.hover,
        borderRadius: 1,
        fontFamily: 'monospace',
        fontSize: 13,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
        maxHeight: 240,
        overflow: 'auto',
      }}
    >
      {children}
    </Box>
  );
}
