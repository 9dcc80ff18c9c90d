import Check from '@mui/icons-material/Check';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long the copied state lasts (spec 3 §9). */
export const COPIED_FEEDBACK_MS = 1500;

export interface CopyButtonProps {
  /** Text to copy; a function is called on click (it may load the text). */
  text: string | (() => Promise<string | null> | string | null);
  /** Tooltip in the idle state; with `variant="text"` the button label. */
  label: string;
  variant?: 'icon' | 'text';
  testId?: string;
  disabled?: boolean;
}

async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the selection-based copy.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand?.('copy') ?? false;
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}

/**
 * Copy-to-clipboard button (spec 3 §2.2): copies, then shows a done icon with the tooltip "Copied"
 * for 1.5 seconds, then returns to idle.
 */
export function CopyButton({ text, label, variant = 'icon', testId, disabled }: CopyButtonProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
      }
    },
    [],
  );
  const copy = async (event: MouseEvent) => {
    event.stopPropagation();
    const value = typeof text === 'function' ? await text() : text;
    if (!value || !(await writeClipboard(value))) {
      return;
    }
    setCopied(true);
    if (timer.current) {
      clearTimeout(timer.current);
    }
    timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
  };
  const title = copied ? t('entity.copied') : label;
  const icon = copied ? <Check fontSize="small" /> : <ContentCopy fontSize="small" />;
  return (
    <Tooltip title={title} open={copied ? true : undefined}>
      {variant === 'icon' ? (
        <IconButton
          size="small"
          aria-label={label}
          onClick={copy}
          data-testid={testId}
          data-copied={copied}
          disabled={disabled}
        >
          {icon}
        </IconButton>
      ) : (
        <Button
          size="small"
          startIcon={icon}
          onClick={copy}
          data-testid={testId}
          data-copied={copied}
          disabled={disabled}
        >
          {label}
        </Button>
      )}
    </Tooltip>
  );
}
