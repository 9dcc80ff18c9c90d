import '@fontsource/material-icons/index.css';
import type { Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';

/**
 * Cell content functions written for the reference return Angular Material markup without its
 * stylesheet: `<mat-icon>` around an SVG and `<mat-progress-bar>` (the firmware and software
 * dashboards' status and progress columns). These rules give that markup the reference's look
 * inside a table widget: 24px icons (an icon named by its text, `<mat-icon>warning</mat-icon>`,
 * in the Material Icons font the dashboards already load), and a 4px bar filled by its primary
 * element's scale.
 */
export const referenceCellCss = (theme: Theme): SystemStyleObject<Theme> => ({
  '& mat-icon': {
    display: 'inline-block',
    width: 24,
    height: 24,
    verticalAlign: 'middle',
    fontFamily: '"Material Icons"',
    fontSize: 24,
    fontWeight: 'normal',
    fontStyle: 'normal',
    lineHeight: 1,
    letterSpacing: 'normal',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    fontFeatureSettings: '"liga"',
  },
  '& mat-icon svg': { width: '100%', height: '100%' },
  '& mat-progress-bar': {
    display: 'block',
    position: 'relative',
    height: '4px !important',
    overflow: 'hidden',
    '--bar-color': theme.palette.primary.main,
  },
  '& mat-progress-bar.mat-accent': { '--bar-color': theme.palette.secondary.main },
  '& mat-progress-bar .mat-progress-bar-background, & mat-progress-bar .mat-progress-bar-secondary': {
    display: 'none',
  },
  '& mat-progress-bar .mat-progress-bar-element': { position: 'absolute', inset: 0 },
  '& mat-progress-bar .mat-progress-bar-buffer': { bgcolor: 'var(--bar-color)', opacity: 0.25 },
  '& mat-progress-bar .mat-progress-bar-primary': { bgcolor: 'var(--bar-color)', transformOrigin: 'left' },
});
