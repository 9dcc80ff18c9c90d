import SearchOff from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { selectors } from '../selectors';

export interface NotFoundNoticeProps {
  title: string;
  message: string;
  /** Where the way-out link goes, e.g. '/home' or the entity list. */
  linkTo: string;
  linkLabel: string;
}

/** "Not found" shown in the page itself: what is missing and a link to somewhere that exists. */
export function NotFoundNotice({ title, message, linkTo, linkLabel }: NotFoundNoticeProps) {
  return (
    <Box
      data-testid={selectors.notFound.root}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 2,
        p: 4,
      }}
    >
      <SearchOff sx={{ fontSize: 64, color: 'text.secondary' }} />
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">{message}</Typography>
      <Button variant="contained" component={RouterLink} to={linkTo} data-testid={selectors.notFound.link}>
        {linkLabel}
      </Button>
    </Box>
  );
}
