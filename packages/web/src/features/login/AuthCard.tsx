import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../app/product';
import { BRAND_BLUE } from '../../app/theme';
import { Logo } from '../../components/Logo';

export interface AuthCardProps {
  title: ReactNode;
  /** Card width above 600 px: 550 for login, 450 for the reset and create cards (spec 1 §2). */
  width: 550 | 450;
  testId: string;
  children: ReactNode;
}

/** The centred card of the public login pages. */
export function AuthCard({ title, width, testId, children }: AuthCardProps) {
  return (
    <Box
      component="main"
      sx={(theme) => ({
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: { xs: 0, sm: 2 },
        background: `linear-gradient(135deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 60%, ${theme.palette.primary.light} 100%)`,
        // The dark scheme's primary is light: a gradient of it would glare around the card.
        ...theme.applyStyles('dark', {
          background: `linear-gradient(135deg, ${theme.palette.background.default} 0%, ${BRAND_BLUE} 100%)`,
        }),
      })}
    >
      <Card data-testid={testId} sx={{ width: { xs: '100%', sm: width }, maxWidth: '100%' }} elevation={8}>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
            <Logo title={PRODUCT_NAME} />
          </Box>
          <Typography variant="h5" component="h1" align="center" gutterBottom>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
