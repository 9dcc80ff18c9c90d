import { BREAKPOINTS } from '@meridian/common';
import { createTheme } from '@mui/material/styles';

/** The brand blue: the light scheme's primary, and the far end of the dark login backdrop. */
export const BRAND_BLUE = '#1f4e79';

/** localStorage key of the chosen colour scheme (light, dark or system), read by MUI's ThemeProvider. */
export const COLOR_SCHEME_STORAGE_KEY = 'meridian_color_scheme';

/**
 * Material theme with the breakpoints of spec 2 §9, in a light and a dark scheme. Components use
 * palette tokens only (primary.main, background.paper, text.secondary, ...), so both schemes
 * cover every page and dialog. The dark primary is lighter: it is read as text on dark surfaces.
 */
export const theme = createTheme({
  breakpoints: { values: { ...BREAKPOINTS } },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: BRAND_BLUE },
        secondary: { main: '#ff8f00' },
        background: { default: '#eef1f5' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#8ab4e0' },
        secondary: { main: '#ffb74d' },
        background: { default: '#10151b', paper: '#171d24' },
      },
    },
  },
  shape: { borderRadius: 6 },
  components: {
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'dense' } },
    MuiButton: { defaultProps: { disableElevation: true } },
    // No lighter overlay on raised dark surfaces: sticky table cells, which paint background.paper
    // themselves, then match the paper they sit on.
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiListSubheader: { styleOverrides: { root: { backgroundColor: 'transparent' } } },
  },
});
