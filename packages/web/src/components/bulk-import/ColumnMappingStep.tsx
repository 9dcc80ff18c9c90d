import { type BulkImportColumnType, isBulkImportKvColumn } from '@meridian/common';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../selectors';
import { type ImportColumn, isSingleUse, type MappingProblem } from './import-plan';

/** The i18n text of a mapping problem. */
function useProblemText(): (problem: MappingProblem) => string {
  const { t } = useTranslation();
  const typeName = (type: BulkImportColumnType) => t(`import.column-types.${type}`);
  return (problem) => {
    switch (problem.kind) {
      case 'required':
        return t('import.problem.required', { types: problem.missing.map(typeName).join(', ') });
      case 'duplicate':
        return t('import.problem.duplicate', { type: typeName(problem.type) });
      case 'key-required':
        return t('import.problem.key-required', { number: problem.column + 1 });
      case 'key-too-long':
        return t('import.problem.key-too-long', { number: problem.column + 1 });
    }
  };
}

/**
 * Step 3 of the import wizard: one row per column of the file with its title, a sample value, the
 * column type and, for attributes and time series, the key. Entity fields can be chosen for one
 * column only.
 */
export function ColumnMappingStep({
  columns,
  types,
  problem,
  onChange,
}: {
  columns: readonly ImportColumn[];
  /** Column types the entity offers. */
  types: readonly BulkImportColumnType[];
  problem: MappingProblem | null;
  onChange: (columns: ImportColumn[]) => void;
}) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const change = (index: number, next: Partial<ImportColumn>) =>
    onChange(columns.map((column, i) => (i === index ? { ...column, ...next } : column)));
  const setType = (index: number, type: BulkImportColumnType) => {
    const column = columns[index];
    const key = isBulkImportKvColumn(type) ? column?.key || (column?.title?.trim() ?? '') : '';
    change(index, { type, key });
  };

  if (columns.length === 0) {
    return <Alert severity="error">{t('import.no-columns')}</Alert>;
  }
  return (
    <>
      <TableContainer sx={{ maxHeight: 420 }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>{t('import.column')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t('import.sample')}</TableCell>
              <TableCell sx={{ fontWeight: 600, width: 240 }}>{t('import.column-type')}</TableCell>
              <TableCell sx={{ fontWeight: 600, width: 220 }}>{t('import.key')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {columns.map((column, index) => {
              const usedElsewhere = new Set(columns.filter((_c, i) => i !== index).map((c) => c.type));
              const number = index + 1;
              return (
                // Columns never move: the index is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <TableRow key={index} data-testid={selectors.bulkImport.columnRow}>
                  <TableCell>
                    <Typography variant="body2">{t('import.column-number', { number })}</Typography>
                    {column.title !== null && (
                      <Typography variant="caption" color="text.secondary">
                        {column.title}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                    {column.sample}
                  </TableCell>
                  <TableCell>
                    <TextField
                      select
                      fullWidth
                      size="small"
                      value={column.type}
                      onChange={(event) => setType(index, event.target.value as BulkImportColumnType)}
                      slotProps={{
                        htmlInput: { 'aria-label': t('import.column-type-of', { number }) },
                        select: {
                          SelectDisplayProps: {
                            'data-testid': selectors.bulkImport.columnType(index),
                          } as object,
                        },
                      }}
                    >
                      {types.map((type) => (
                        <MenuItem
                          key={type}
                          value={type}
                          disabled={isSingleUse(type) && usedElsewhere.has(type)}
                          data-testid={selectors.bulkImport.columnTypeOption(type)}
                        >
                          {t(`import.column-types.${type}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                  <TableCell>
                    {isBulkImportKvColumn(column.type) && (
                      <TextField
                        fullWidth
                        size="small"
                        value={column.key}
                        onChange={(event) => change(index, { key: event.target.value })}
                        error={column.key.trim().length === 0}
                        slotProps={{
                          htmlInput: {
                            'aria-label': t('import.key-of', { number }),
                            'data-testid': selectors.bulkImport.columnKey(index),
                          },
                        }}
                      />
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {problem && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid={selectors.bulkImport.mappingProblem}>
          {problemText(problem)}
        </Alert>
      )}
    </>
  );
}
