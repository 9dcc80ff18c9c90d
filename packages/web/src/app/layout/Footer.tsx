import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../selectors';
import { PRODUCT_NAME } from '../product';

/** Centred copyright line at the bottom of the shell (spec 3 §2). */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" data-testid={selectors.shell.footer} sx={{ py: 1, textAlign: 'center' }}>
      <Typography variant="caption" color="text.secondary">
        {t('footer.copyright', { year: String(new Date().getFullYear()), product: PRODUCT_NAME })}
      </Typography>
    </Box>
  );
}
