import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import { type MouseEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScriptCalls } from '../../dashboard/sandbox/use-script-calls';
import { referenceCellCss } from './reference-cell-css';
import { widgetTableSelectors } from './selectors';
import {
  clampPage,
  pageSizeOptions,
  type TableRow as Row,
  type SortOrder,
  searchRows,
  sortRows,
} from './table-model';
import {
  type DrawnRows,
  hasTableScripts,
  type ScriptedRow,
  scriptedRow,
  type TableScripts,
} from './table-scripts';

export interface WidgetTableColumn {
  id: string;
  title: string;
  /** CSS width (the reference's `columnWidth`); auto when unset. */
  width?: string;
  align?: 'left' | 'right';
}

export interface WidgetTableProps {
  columns: WidgetTableColumn[];
  rows: Row[];
  defaultSort?: SortOrder;
  enableSearch: boolean;
  displayPagination: boolean;
  pageSize: number;
  stickyHeader: boolean;
  /** Above the search bar and the table (the time-series table's entity tabs). */
  header?: ReactNode;
  /** Buttons at the end of the search bar (the admin tables' "Add"); the bar shows for them alone too. */
  toolbar?: ReactNode;
  /** Buttons at the end of each row (the alarms table's acknowledge and clear); no column without. */
  rowActions?: (row: Row) => ReactNode;
  /** A click on a row (the widget's `rowClick` action); the row shows as clickable. */
  onRowClick?: (row: Row, element: HTMLElement) => void;
  onRowDoubleClick?: (row: Row, element: HTMLElement) => void;
  /** The tenant's cell content, cell style and row style functions, run for the shown rows. */
  scripts?: TableScripts;
  /** Shown when there are no rows (the widget's `noDataDisplayMessage`); "No data to display" without. */
  noDataMessage?: string | undefined;
}

/** Pager labels, as literal keys so the catalogue test sees them. */
const PAGE_LABELS = {
  first: 'dashboard-viewer.page-first',
  previous: 'dashboard-viewer.page-previous',
  next: 'dashboard-viewer.page-next',
  last: 'dashboard-viewer.page-last',
} as const;

/**
 * The table both table widgets draw: sortable column headers, client-side search over the shown
 * cells, and paging. Rows come from the widget's live data; a live update keeps search, order and
 * page (the page moves back when its rows went away).
 */
export function WidgetTable({
  columns,
  rows,
  defaultSort,
  enableSearch,
  displayPagination,
  pageSize: defaultPageSize,
  stickyHeader,
  header,
  toolbar,
  rowActions,
  onRowClick,
  onRowDoubleClick,
  scripts,
  noDataMessage,
}: WidgetTableProps) {
  const { t } = useTranslation();
  const calls = useScriptCalls();
  const drawnRows = useRef<DrawnRows>(new Map());
  const [searchOpen, setSearchOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortOrder | undefined>(defaultSort);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(defaultPageSize);

  const columnIds = useMemo(() => columns.map((c) => c.id), [columns]);
  const shown = useMemo(
    () => sortRows(searchRows(rows, columnIds, searchOpen ? search : ''), sort),
    [rows, columnIds, search, searchOpen, sort],
  );
  const currentPage = displayPagination ? clampPage(page, shown.length, pageSize) : 0;
  const pageRows = displayPagination
    ? shown.slice(currentPage * pageSize, (currentPage + 1) * pageSize)
    : shown;
  // Only the shown rows run their functions: a page of a large table is one request to the worker.
  const scripted = (row: Row): ScriptedRow | undefined =>
    hasTableScripts(scripts) ? scriptedRow(row, columnIds, scripts, calls, drawnRows.current) : undefined;

  const sortBy = (column: string) => {
    setSort((current) =>
      current?.column === column
        ? { column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { column, direction: 'asc' },
    );
    setPage(0);
  };
  const closeSearch = () => {
    setSearchOpen(false);
    setSearch('');
    setPage(0);
  };

  return (
    <Box sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column' }}>
      {header}
      {(enableSearch || toolbar) && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 40, flexShrink: 0 }}>
          {!enableSearch ? (
            <Box sx={{ flex: 1 }} />
          ) : searchOpen ? (
            <>
              <Search color="action" fontSize="small" sx={{ ml: 1 }} />
              <InputBase
                autoFocus
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  setPage(0);
                }}
                placeholder={t('dashboard-viewer.search')}
                sx={{ flex: 1 }}
                inputProps={{
                  'aria-label': t('dashboard-viewer.search'),
                  'data-testid': widgetTableSelectors.searchInput,
                }}
              />
              <Tooltip title={t('dashboard-viewer.close-search')}>
                <IconButton
                  size="small"
                  aria-label={t('dashboard-viewer.close-search')}
                  onClick={closeSearch}
                  data-testid={widgetTableSelectors.searchClose}
                >
                  <Close fontSize="small" />
                </IconButton>
              </Tooltip>
            </>
          ) : (
            <Tooltip title={t('dashboard-viewer.search')}>
              <IconButton
                size="small"
                sx={{ ml: 'auto' }}
                aria-label={t('dashboard-viewer.search')}
                onClick={() => setSearchOpen(true)}
                data-testid={widgetTableSelectors.searchOpen}
              >
                <Search fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {toolbar}
        </Box>
      )}
      <TableContainer sx={[{ flex: 1, minHeight: 0, overflow: 'auto' }, referenceCellCss]}>
        <Table size="small" stickyHeader={stickyHeader} data-testid={widgetTableSelectors.table}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sx={{ width: column.width, whiteSpace: 'nowrap' }}
                  sortDirection={sort?.column === column.id ? sort.direction : false}
                  data-testid={widgetTableSelectors.header(column.id)}
                >
                  <TableSortLabel
                    active={sort?.column === column.id}
                    direction={sort?.column === column.id ? sort.direction : 'asc'}
                    onClick={() => sortBy(column.id)}
                  >
                    {column.title}
                  </TableSortLabel>
                </TableCell>
              ))}
              {rowActions && <TableCell sx={{ width: 0 }} />}
            </TableRow>
          </TableHead>
          <TableBody>
            {pageRows.map((row) => {
              const drawn = scripted(row);
              return (
                <TableRow
                  key={row.id}
                  hover
                  data-testid={widgetTableSelectors.row}
                  style={drawn?.style}
                  onClick={
                    onRowClick && ((event: MouseEvent<HTMLElement>) => onRowClick(row, event.currentTarget))
                  }
                  onDoubleClick={
                    onRowDoubleClick &&
                    ((event: MouseEvent<HTMLElement>) => onRowDoubleClick(row, event.currentTarget))
                  }
                  sx={onRowClick || onRowDoubleClick ? { cursor: 'pointer' } : undefined}
                >
                  {columns.map((column) => {
                    const cell = drawn?.cells[column.id];
                    return (
                      <TableCell key={column.id} align={column.align} style={cell?.style}>
                        {cell?.html !== undefined ? (
                          // Sanitized tenant HTML (table-scripts.ts), as the reference draws its cells.
                          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify
                          <span dangerouslySetInnerHTML={{ __html: cell.html }} />
                        ) : (
                          (cell?.text ?? row.cells[column.id]?.text ?? '')
                        )}
                      </TableCell>
                    );
                  })}
                  {rowActions && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0 }}>
                      {rowActions(row)}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
            {pageRows.length === 0 && (
              <TableRow>
                <TableCell
                  colSpan={Math.max(1, columns.length + (rowActions ? 1 : 0))}
                  align="center"
                  sx={{ color: 'text.secondary', borderBottom: 'none', py: 3 }}
                  data-testid={widgetTableSelectors.empty}
                >
                  {searchOpen && search.trim()
                    ? t('dashboard-viewer.no-data-matching', { text: search.trim() })
                    : noDataMessage || t('dashboard-viewer.no-data')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {displayPagination && (
        <TablePagination
          component="div"
          sx={{ flexShrink: 0 }}
          count={shown.length}
          page={currentPage}
          rowsPerPage={pageSize}
          rowsPerPageOptions={pageSizeOptions(defaultPageSize)}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('dashboard-viewer.rows-per-page')}
          labelDisplayedRows={({ from, to, count }) =>
            t('dashboard-viewer.displayed-rows', { from, to, count })
          }
          getItemAriaLabel={(type) => t(PAGE_LABELS[type])}
          data-testid={widgetTableSelectors.pagination}
        />
      )}
    </Box>
  );
}
