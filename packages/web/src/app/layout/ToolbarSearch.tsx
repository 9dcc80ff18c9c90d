import { SEARCH_FOCUS_DELAY_MS } from '@meridian/common';
import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../selectors';
import type { SearchController } from '../search/search-controller';

export interface ToolbarSearchProps {
  controller: SearchController;
  onClose: () => void;
}

/** The open search field of the toolbar; focus arrives 10 ms after opening, closing clears it. */
export function ToolbarSearch({ controller, onClose }: ToolbarSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => input.current?.focus(), SEARCH_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const close = () => {
    setText('');
    controller.clear();
    onClose();
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flex: 1, gap: 1, minWidth: 0 }}>
      <Search aria-hidden />
      <InputBase
        inputRef={input}
        value={text}
        placeholder={t('home.search')}
        onChange={(event) => {
          setText(event.target.value);
          controller.input(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            close();
          }
        }}
        sx={{ color: 'inherit', flex: 1 }}
        inputProps={{ 'aria-label': t('home.search'), 'data-testid': selectors.shell.searchInput }}
      />
      <IconButton
        color="inherit"
        aria-label={t('home.close-search')}
        onClick={close}
        data-testid={selectors.shell.searchClose}
      >
        <Close />
      </IconButton>
    </Box>
  );
}
