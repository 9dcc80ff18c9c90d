import Box, { type BoxProps } from '@mui/material/Box';
import { RemoveButton } from '../RemoveButton';

export interface RemoveItemProps {
  label: string;
  onClick: () => void;
  /** On the box around the button. */
  testId: string;
  sx?: BoxProps['sx'];
}

/** The remove button of one part of an alarm rule (an alarm, a condition, a filter, a predicate). */
export function RemoveItem({ label, onClick, testId, sx }: RemoveItemProps) {
  return (
    <Box sx={sx} data-testid={testId}>
      <RemoveButton label={label} onClick={onClick} />
    </Box>
  );
}
