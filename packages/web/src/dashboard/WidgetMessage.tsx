import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { dashboardSelectors } from './selectors';

/** A notice in place of a widget's content: no entity, unknown type, an error. */
export function WidgetMessage({ text, detail }: { text: string; detail?: string }) {
  return (
    <Box
      data-testid={dashboardSelectors.widgetMessage}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        p: 1,
        textAlign: 'center',
      }}
    >
      <Typography color="text.secondary">{text}</Typography>
      {detail && (
        <Typography variant="caption" color="error" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
          {detail}
        </Typography>
      )}
    </Box>
  );
}
