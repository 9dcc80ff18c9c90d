import '@fontsource/material-icons/index.css';
import Box from '@mui/material/Box';

/**
 * An icon by its Material Icons name, as dashboards exported from the reference name them (widget
 * actions, title icons, navigation cards). The icon font ships with the dashboard chunk only.
 */
export function MaterialIcon({ name, size = 24, color }: { name: string; size?: number; color?: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        fontFamily: '"Material Icons"',
        fontWeight: 'normal',
        fontStyle: 'normal',
        fontSize: size,
        lineHeight: 1,
        letterSpacing: 'normal',
        textTransform: 'none',
        display: 'inline-block',
        whiteSpace: 'nowrap',
        direction: 'ltr',
        fontFeatureSettings: '"liga"',
        WebkitFontSmoothing: 'antialiased',
        color,
      }}
    >
      {name}
    </Box>
  );
}
