import Add from '@mui/icons-material/Add';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import { type ReactNode, useState } from 'react';

/** One way to add, offered in the Add button's menu. */
export interface AddChoice {
  id: string;
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
}

export type AddButtonProps = {
  /** The visible text, e.g. "Add" or "Add alarm rule". */
  label: string;
  /** The accessible name when it says more than the label (e.g. "Add customer"). */
  ariaLabel?: string;
  testId?: string;
  sx?: SxProps<Theme>;
} & (
  | { /** The one way to add: a click runs it. */ onClick: () => void; choices?: undefined }
  | {
      /** Several ways to add: a click opens a menu of them. */
      choices: readonly AddChoice[];
      choiceTestId?: (id: string) => string;
      onClick?: undefined;
    }
);

/**
 * Every Add button of the console (tables, alarm rules, transport settings): the same outlined
 * "+ label" button, running its one action or opening a menu when there are several.
 */
export function AddButton(props: AddButtonProps) {
  const { label, ariaLabel, testId, sx } = props;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choices = props.choices;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<Add />}
        endIcon={choices ? <ArrowDropDown /> : undefined}
        aria-label={ariaLabel}
        aria-haspopup={choices ? 'menu' : undefined}
        onClick={(event) => (choices ? setAnchor(event.currentTarget) : props.onClick())}
        data-testid={testId}
        sx={{ flexShrink: 0, ...sx }}
      >
        {label}
      </Button>
      {choices && (
        <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          {choices.map((choice) => (
            <MenuItem
              key={choice.id}
              onClick={() => {
                setAnchor(null);
                choice.onSelect();
              }}
              data-testid={props.choiceTestId?.(choice.id)}
            >
              {choice.icon && <ListItemIcon>{choice.icon}</ListItemIcon>}
              <ListItemText>{choice.label}</ListItemText>
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}
