import { BREAKPOINTS } from '@meridian/common';
import { createTheme } from '@mui/material/styles';

/** Material theme with the breakpoints of spec 2 §9. */
export const theme = createTheme({
  breakpoints: { values: { ...BREAKPOINTS } },
  palette: {
    primary: { main: '#1f4e79' },
    secondary: { main: '#ff8f00' },
    background: { default: '#eef1f5' },
  },
  shape: { borderRadius: 6 },
  components: {
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'dense' } },
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
