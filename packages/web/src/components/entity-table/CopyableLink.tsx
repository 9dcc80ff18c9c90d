import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { CopyButton } from './CopyButton';

export interface CopyableLinkProps {
  link: string;
  /** The copy button's tooltip ("Copy public link"). */
  copyLabel: string;
  testIds: { link: string; copy: string };
}

/** A link to hand on (an activation link, a public dashboard link), opening in a new tab, with its copy button. */
export function CopyableLink({ link, copyLabel, testIds }: CopyableLinkProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        p: 1,
        borderRadius: 1,
        bgcolor: (theme) => theme.palette.action.hover,
      }}
    >
      <Link
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        sx={{ flex: 1, fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all' }}
        data-testid={testIds.link}
      >
        {link}
      </Link>
      <CopyButton text={link} label={copyLabel} testId={testIds.copy} />
    </Box>
  );
}
