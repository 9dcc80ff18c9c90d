import { type BulkAction, type BulkActionResult, SEARCH_DEBOUNCE_MS } from '@meridian/common';
import Add from '@mui/icons-material/Add';
import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import Close from '@mui/icons-material/Close';
import Delete from '@mui/icons-material/Delete';
import Refresh from '@mui/icons-material/Refresh';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { alpha, type Theme, useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Formatters, useFormatters } from '../../i18n/useFormatters';
import { selectors } from '../../selectors';
import { AddButton } from '../AddButton';
import { AddEntityDialog } from './AddEntityDialog';
import { bulkFailureText, settleEach } from './bulk-outcome';
import { useConfirmDialog } from './ConfirmDialog';
import { CopyButton } from './CopyButton';
import { EntityDetailsView } from './EntityDetailsView';
import { phoneColumns } from './phone-columns';
import { RowActions } from './RowActions';
import { ENTITY_TABLE_PAGE_SIZES, initialTableState, pageLinkOf, tableReducer } from './table-state';
import type {
  AddAction,
  EntityActionContext,
  EntityColumn,
  EntityTableConfig,
  GroupAction,
  RowAction,
  TableEntity,
} from './types';

/** Shade layered on an opaque background, so the sticky actions cell looks like the rest of its row. */
const shade = (color: string) => `linear-gradient(${color}, ${color})`;

/** The actions cell stays at the right edge; it follows the row's hover and selected shading. */
const stickyActionsCell = (theme: Theme) =>
  ({
    position: 'sticky',
    right: 0,
    bgcolor: 'background.paper',
    py: 0,
    width: '1%',
    whiteSpace: 'nowrap',
    'tr.MuiTableRow-hover:hover > &': { backgroundImage: shade(theme.palette.action.hover) },
    'tr.Mui-selected > &': {
      backgroundImage: shade(alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity)),
    },
  }) as const;

export interface EntityTableProps<T extends TableEntity, V extends FieldValues> {
  config: EntityTableConfig<T, V>;
  /**
   * Search text from outside (a list page passes the home shell's toolbar search, spec 1 §2,
   * already debounced); when given, the table shows no search field of its own.
   */
  searchText?: string | undefined;
}

/** How a boolean cell's icon is read out (screen readers, tests): the catalogue's Yes and No. */
interface BooleanLabels {
  yes: string;
  no: string;
}

function cellContent<T>(
  column: EntityColumn<T>,
  entity: T,
  formats: Formatters,
  labels: BooleanLabels,
): ReactNode {
  const value = column.value(entity);
  if (column.kind === 'date') {
    return formats.dateTime(typeof value === 'number' ? value : null);
  }
  if (column.kind === 'boolean') {
    return value ? (
      <CheckBox fontSize="small" color="action" aria-label={labels.yes} />
    ) : (
      <CheckBoxOutlineBlank fontSize="small" color="action" aria-label={labels.no} />
    );
  }
  return value;
}

/**
 * The generic entity table (reference console §2): toolbar with title, header filter, Add, Refresh
 * and Search; server paging and sorting; selection with group actions; row actions with automatic
 * Delete; a details drawer opened by a row click; the default Add dialog.
 */
export function EntityTable<T extends TableEntity, V extends FieldValues>({
  config,
  searchText,
}: EntityTableProps<T, V>) {
  const { t } = useTranslation();
  const formats = useFormatters();
  const booleanLabels = { yes: t('action.yes'), no: t('action.no') };
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const columns = phone ? phoneColumns(config.columns) : config.columns;
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(tableReducer, config.defaultSort, initialTableState);
  const [confirmElement, confirm] = useConfirmDialog();
  const [details, setDetails] = useState<{ id: string; seed: T | null } | null>(null);
  const [adding, setAdding] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [searchInput, setSearchInput] = useState('');
  const searchField = useRef<HTMLInputElement | null>(null);

  const pageLink = pageLinkOf(state);
  const listKey = config.listKey ?? [];
  const listKeyText = JSON.stringify(listKey);
  const query = useQuery({
    queryKey: [...config.queryKey, 'table', ...listKey, pageLink],
    queryFn: ({ signal }) => config.fetchPage(pageLink, signal),
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => query.data?.data ?? [], [query.data]);
  const total = query.data?.totalElements ?? 0;

  // A new scope or filter starts again on the first page.
  const firstListKey = useRef(listKeyText);
  useEffect(() => {
    if (firstListKey.current !== listKeyText) {
      firstListKey.current = listKeyText;
      dispatch({ type: 'page', page: 0 });
    }
  }, [listKeyText]);
  // The selection only holds rows that are still shown.
  useEffect(() => {
    dispatch({ type: 'keepSelection', ids: rows.map((row) => row.id.id) });
  }, [rows]);
  // After deleting the last rows of a page, show the last page that still has rows.
  useEffect(() => {
    if (!query.isPlaceholderData && rows.length === 0 && state.page > 0 && query.data) {
      dispatch({ type: 'page', page: Math.max(0, query.data.totalPages - 1) });
    }
  }, [rows, state.page, query.data, query.isPlaceholderData]);
  const searchOutside = searchText !== undefined;
  useEffect(() => {
    if (searchText !== undefined) {
      dispatch({ type: 'search', text: searchText });
    }
  }, [searchText]);
  // Search text is debounced (spec 1 §9); closing the search clears it.
  useEffect(() => {
    if (searchOutside) {
      return undefined;
    }
    const timer = setTimeout(() => dispatch({ type: 'search', text: searchInput }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, searchOutside]);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: config.queryKey });
  };
  const [bulkReport, setBulkReport] = useState<string | null>(null);
  const reportBulk = (action: BulkAction, result: BulkActionResult, names?: ReadonlyMap<string, string>) => {
    const rowNames = new Map(rows.map((row) => [row.id.id, config.entityName(row)]));
    setBulkReport(bulkFailureText(t, action, result, (id) => names?.get(id) ?? rowNames.get(id)));
  };
  const context: EntityActionContext = {
    refresh,
    confirm,
    closeDetails: () => setDetails(null),
    reportBulk,
  };

  const runAction = (action: RowAction<T>, entity: T) => {
    void Promise.resolve(action.onAction(entity, context)).catch(() => undefined);
  };
  const deleteConfig = config.delete;
  const canDelete = (entity: T) => deleteConfig !== undefined && (deleteConfig.isEnabled?.(entity) ?? true);
  const deleteOne = async (entity: T) => {
    if (!deleteConfig) {
      return;
    }
    const ok = await confirm({ title: deleteConfig.title(entity), message: deleteConfig.message });
    if (!ok) {
      return;
    }
    try {
      await deleteConfig.run(entity);
      setDetails((open) => (open?.id === entity.id.id ? null : open));
    } catch {
      // Shown by the HTTP client.
    }
    refresh();
  };
  const deleteAction: RowAction<T> | null = deleteConfig
    ? {
        id: 'delete',
        label: t('entity.delete'),
        icon: <Delete fontSize="small" />,
        isVisible: canDelete,
        onAction: (entity) => deleteOne(entity),
      }
    : null;
  const rowActions = [...(config.rowActions ?? []), ...(deleteAction ? [deleteAction] : [])];
  // As icon buttons, only actions some row of this page offers take room.
  const pageActions = rowActions.filter((action) => rows.some((row) => action.isVisible?.(row) ?? true));

  const groupActions: GroupAction<T>[] = [...(config.groupActions ?? [])];
  if (deleteConfig && deleteConfig.bulk !== false) {
    groupActions.push({
      id: 'delete',
      label: t('entity.delete-selected'),
      icon: <Delete />,
      onAction: async (entities) => {
        const deletable = entities.filter(canDelete);
        const ok = await confirm({
          title: deleteConfig.bulkTitle(deletable.length),
          message: deleteConfig.bulkMessage,
        });
        if (!ok) {
          return;
        }
        const result = deleteConfig.runMany
          ? await deleteConfig.runMany(deletable)
          : await settleEach(deletable, deleteConfig.run);
        reportBulk('delete', result);
        dispatch({ type: 'clearSelection' });
        refresh();
      },
    });
  }
  const selectionEnabled = groupActions.length > 0;
  const selectable = (entity: T) => config.isSelectable?.(entity) ?? true;
  const selectableIds = rows.filter(selectable).map((row) => row.id.id);
  const selectedEntities = rows.filter((row) => state.selected.includes(row.id.id));

  const addActions: AddAction[] = [...(config.addActions ?? [])];
  if (config.addDialogTitle && config.details) {
    addActions.unshift({
      id: 'add',
      label: config.addDialogTitle,
      icon: <Add fontSize="small" />,
      onAction: () => setAdding(true),
    });
  }

  const openSearch = () => {
    setSearchOpen(true);
    setTimeout(() => searchField.current?.focus(), 10);
  };
  const closeSearch = () => {
    setSearchOpen(false);
    setSearchInput('');
    dispatch({ type: 'search', text: '' });
  };

  const columnCount = columns.length + (selectionEnabled ? 1 : 0) + (rowActions.length > 0 ? 1 : 0);

  const toolbar =
    selectedEntities.length > 0 ? (
      <Toolbar
        sx={{ gap: 1, bgcolor: 'secondary.light', color: 'secondary.contrastText' }}
        data-testid={selectors.entityTable.selectionToolbar}
      >
        <Typography sx={{ flex: 1 }} variant="subtitle1" data-testid={selectors.entityTable.selectedCount}>
          {t('entity.selected-count', { count: selectedEntities.length })}
        </Typography>
        {groupActions.map((action) => (
          <Tooltip key={action.id} title={action.label}>
            <IconButton
              color="inherit"
              aria-label={action.label}
              onClick={() => {
                void Promise.resolve(action.onAction(selectedEntities, context)).catch(() => undefined);
              }}
              data-testid={selectors.entityTable.groupAction(action.id)}
            >
              {action.icon}
            </IconButton>
          </Tooltip>
        ))}
      </Toolbar>
    ) : searchOpen ? (
      <Toolbar sx={{ gap: 1 }}>
        <Search color="action" />
        <InputBase
          inputRef={searchField}
          value={searchInput}
          onChange={(event) => setSearchInput(event.target.value)}
          placeholder={t('entity.search')}
          sx={{ flex: 1 }}
          inputProps={{ 'aria-label': t('entity.search'), 'data-testid': selectors.entityTable.searchInput }}
        />
        <Tooltip title={t('entity.close-search')}>
          <IconButton
            aria-label={t('entity.close-search')}
            onClick={closeSearch}
            data-testid={selectors.entityTable.searchClose}
          >
            <Close />
          </IconButton>
        </Tooltip>
      </Toolbar>
    ) : (
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: 1 }}>
        <Typography
          variant="h6"
          component="h1"
          sx={{ mr: 2 }}
          noWrap
          data-testid={selectors.entityTable.title}
        >
          {config.title}
        </Typography>
        {config.headerFilter}
        <Box sx={{ flex: 1 }} />
        {addActions.length === 1 && addActions[0] && (
          <AddButton
            label={t('entity.add')}
            ariaLabel={addActions[0].label}
            onClick={() => addActions[0]?.onAction(context)}
            testId={selectors.entityTable.add}
          />
        )}
        {addActions.length > 1 && (
          <AddButton
            label={t('entity.add')}
            choices={addActions.map((action) => ({
              id: action.id,
              label: action.label,
              icon: action.icon,
              onSelect: () => action.onAction(context),
            }))}
            testId={selectors.entityTable.add}
            choiceTestId={selectors.entityTable.addMenuItem}
          />
        )}
        <Tooltip title={t('entity.refresh')}>
          <IconButton
            aria-label={t('entity.refresh')}
            onClick={refresh}
            data-testid={selectors.entityTable.refresh}
          >
            <Refresh />
          </IconButton>
        </Tooltip>
        {!searchOutside && (
          <Tooltip title={t('entity.search')}>
            <IconButton
              aria-label={t('entity.search')}
              onClick={openSearch}
              data-testid={selectors.entityTable.searchToggle}
            >
              <Search />
            </IconButton>
          </Tooltip>
        )}
      </Toolbar>
    );

  return (
    <Paper
      data-testid={selectors.entityTable.root(config.testId)}
      sx={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      {toolbar}
      <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress />}</Box>
      {bulkReport && (
        <Alert
          severity="warning"
          onClose={() => setBulkReport(null)}
          slotProps={{ closeButton: { title: t('entity.close-report') } }}
          sx={{ mx: 2, my: 1 }}
          data-testid={selectors.entityTable.bulkReport}
        >
          {bulkReport}
        </Alert>
      )}
      <TableContainer>
        <Table
          size="small"
          stickyHeader
          aria-label={typeof config.title === 'string' ? config.title : undefined}
          sx={{
            '& .MuiTableCell-root': { px: 1 },
            '& .MuiTableCell-paddingCheckbox': { pl: 1.5, pr: 0.5 },
            '& .MuiTableCell-head': { bgcolor: 'background.paper' },
          }}
        >
          <TableHead>
            <TableRow>
              {selectionEnabled && (
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={
                      selectableIds.length > 0 && selectableIds.every((id) => state.selected.includes(id))
                    }
                    indeterminate={
                      state.selected.length > 0 && !selectableIds.every((id) => state.selected.includes(id))
                    }
                    disabled={selectableIds.length === 0}
                    onChange={() => dispatch({ type: 'toggleAll', ids: selectableIds })}
                    slotProps={{
                      input: {
                        'aria-label': t('entity.select-all'),
                        'data-testid': selectors.entityTable.selectAll,
                      } as object,
                    }}
                  />
                </TableCell>
              )}
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  sx={{ width: column.width, whiteSpace: 'nowrap', fontWeight: 600 }}
                  sortDirection={
                    state.sortOrder.property === column.key
                      ? state.sortOrder.direction === 'ASC'
                        ? 'asc'
                        : 'desc'
                      : false
                  }
                >
                  {column.sortable === false ? (
                    column.label
                  ) : (
                    <TableSortLabel
                      active={state.sortOrder.property === column.key}
                      direction={
                        state.sortOrder.property === column.key && state.sortOrder.direction === 'DESC'
                          ? 'desc'
                          : 'asc'
                      }
                      onClick={() => dispatch({ type: 'sort', property: column.key })}
                      data-testid={selectors.entityTable.sortHeader(column.key)}
                    >
                      {column.label}
                    </TableSortLabel>
                  )}
                </TableCell>
              ))}
              {rowActions.length > 0 && (
                <TableCell
                  sx={{ position: 'sticky', right: 0, zIndex: 3, bgcolor: 'background.paper' }}
                  aria-label={t('entity.actions')}
                />
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((entity) => {
              const selected = state.selected.includes(entity.id.id);
              return (
                <TableRow
                  key={entity.id.id}
                  hover
                  selected={selected}
                  onClick={config.details ? () => setDetails({ id: entity.id.id, seed: entity }) : undefined}
                  sx={{ cursor: config.details ? 'pointer' : undefined }}
                  data-testid={selectors.entityTable.row}
                  data-entity-id={entity.id.id}
                >
                  {selectionEnabled && (
                    <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                      <Checkbox
                        size="small"
                        checked={selected}
                        disabled={!selectable(entity)}
                        onChange={() => dispatch({ type: 'toggleRow', id: entity.id.id })}
                        slotProps={{
                          input: {
                            'aria-label': t('entity.select-row', { name: config.entityName(entity) }),
                            'data-testid': selectors.entityTable.rowCheckbox,
                          } as object,
                        }}
                      />
                    </TableCell>
                  )}
                  {columns.map((column) => {
                    const copyText = column.copyText?.(entity);
                    return (
                      <TableCell
                        key={column.key}
                        sx={{ whiteSpace: column.kind === 'date' ? 'nowrap' : undefined }}
                      >
                        {cellContent(column, entity, formats, booleanLabels)}
                        {copyText ? <CopyButton text={copyText} label={t('entity.copy')} /> : null}
                      </TableCell>
                    );
                  })}
                  {rowActions.length > 0 && (
                    <TableCell sx={stickyActionsCell}>
                      <RowActions
                        entity={entity}
                        actions={wide ? pageActions : rowActions}
                        compact={!wide}
                        run={runAction}
                      />
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
            {rows.length === 0 && !query.isFetching && (
              <TableRow>
                <TableCell colSpan={columnCount} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {query.isError ? t('app.load-failed') : config.noEntitiesText}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={total === 0 ? 0 : Math.min(state.page, Math.max(0, Math.ceil(total / state.pageSize) - 1))}
        rowsPerPage={state.pageSize}
        rowsPerPageOptions={[...ENTITY_TABLE_PAGE_SIZES]}
        onPageChange={(_event, page) => dispatch({ type: 'page', page })}
        onRowsPerPageChange={(event) => dispatch({ type: 'pageSize', pageSize: Number(event.target.value) })}
        labelRowsPerPage={t('entity.items-per-page')}
        labelDisplayedRows={({ from, to, count }) => t('entity.displayed-rows', { from, to, count })}
        getItemAriaLabel={(type) => t(`entity.page-${type}`)}
        data-testid={selectors.entityTable.pagination}
      />
      <Drawer
        anchor="right"
        open={details !== null}
        onClose={() => setDetails(null)}
        slotProps={{ paper: { sx: { width: { xs: '100%', md: '70%', lg: '55%' }, maxWidth: 1000 } } }}
        data-testid={selectors.entityTable.detailsDrawer}
      >
        {details && (
          <EntityDetailsView
            config={config}
            entityId={details.id}
            seed={details.seed}
            variant="drawer"
            context={context}
            onDelete={(entity) => void deleteOne(entity)}
            runAction={runAction}
            onClose={() => setDetails(null)}
          />
        )}
      </Drawer>
      {adding && config.details && (
        <AddEntityDialog
          title={config.addDialogTitle ?? ''}
          form={config.details}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            refresh();
          }}
        />
      )}
      {confirmElement}
    </Paper>
  );
}
