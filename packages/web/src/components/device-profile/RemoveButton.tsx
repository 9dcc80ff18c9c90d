import Delete from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

/** The delete icon button of one item of a list the user edits (a server, a config, a mapping). */
export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={onClick}>
        <Delete fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
