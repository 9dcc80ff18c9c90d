import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/entity-table/CopyButton';

/** A public dashboard link with its copy button (reference console §3.12 "Copy public link"). */
export function PublicLink({ link, testIds }: { link: string; testIds: { link: string; copy: string } }) {
  const { t } = useTranslation();
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
      <CopyButton text={link} label={t('dashboards.copy-public-link')} testId={testIds.copy} />
    </Box>
  );
}
