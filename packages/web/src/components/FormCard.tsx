import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { FormEventHandler, ReactNode } from 'react';

export interface FormCardProps {
  title: ReactNode;
  children: ReactNode;
  actions: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  testId?: string;
  maxWidth?: number;
}

/** A card holding one form: title, fields, and right-aligned action buttons. */
export function FormCard({ title, children, actions, onSubmit, testId, maxWidth = 720 }: FormCardProps) {
  return (
    <Card component="form" noValidate onSubmit={onSubmit} data-testid={testId} sx={{ maxWidth, mx: 'auto' }}>
      <CardContent>
        <Typography variant="h6" component="h1" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        {actions}
      </CardActions>
    </Card>
  );
}
