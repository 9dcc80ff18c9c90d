import Hub from '@mui/icons-material/Hub';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface LogoProps {
  title: string;
  /** On a coloured bar: takes the bar's text colour instead of the primary colour. */
  inverted?: boolean;
}

/** The product mark: an icon and the product name. */
export function Logo({ title, inverted = false }: LogoProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        color: inverted ? 'inherit' : 'primary.main',
      }}
    >
      <Hub aria-hidden />
      <Typography variant="h6" component="span" sx={{ fontWeight: 600, letterSpacing: 0.5 }}>
        {title}
      </Typography>
    </Box>
  );
}
