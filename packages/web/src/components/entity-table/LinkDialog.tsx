import DialogContentText from '@mui/material/DialogContentText';
import { CopyableLink } from './CopyableLink';
import { ViewDialog } from './ViewDialog';

export interface LinkDialogProps {
  title: string;
  /** What the link is for, above it. */
  text: string;
  link: string;
  /** The copy button's tooltip. */
  copyLabel: string;
  testIds: { dialog: string; ok: string; link: string; copy: string };
  onClose: () => void;
}

/** A dialog handing over a link (an activation link, a public dashboard link): what it is for, the link to copy, OK. */
export function LinkDialog({ title, text, link, copyLabel, testIds, onClose }: LinkDialogProps) {
  return (
    <ViewDialog
      title={title}
      onClose={onClose}
      closeAs="ok"
      testIds={{ dialog: testIds.dialog, close: testIds.ok }}
    >
      <DialogContentText sx={{ mb: 1.5 }}>{text}</DialogContentText>
      <CopyableLink link={link} copyLabel={copyLabel} testIds={{ link: testIds.link, copy: testIds.copy }} />
    </ViewDialog>
  );
}
