import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { selectors } from '../../selectors';
import { NotFoundNotice } from '../NotFoundNotice';
import { CopyButton } from './CopyButton';
import { isNotFound } from './not-found';
import type { EntityActionContext, EntityTableConfig, RowAction, TableEntity } from './types';

export interface EntityDetailsViewProps<T extends TableEntity, V extends FieldValues> {
  config: EntityTableConfig<T, V>;
  entityId: string;
  /** Row shown until the entity has loaded. */
  seed?: T | null;
  variant: 'drawer' | 'page';
  context: EntityActionContext;
  /** Starts the delete flow of this entity. */
  onDelete: (entity: T) => void;
  runAction: (action: RowAction<T>, entity: T) => void;
  /** Drawer close button. */
  onClose?: () => void;
  /** The page's list, linked from the "not found" notice. */
  listPath?: string;
}

/** Query key of one entity's details under the table's key. */
export function detailsQueryKey(queryKey: readonly unknown[], entityId: string): readonly unknown[] {
  return [...queryKey, 'details', entityId];
}

/**
 * The details of one entity (reference console §2), in the drawer or on its own page: a header with
 * the name, "Details" and the edit toggle (apply / decline while editing); tabs Details plus the
 * page's tabs; on the Details tab a button bar and the entity form.
 */
export function EntityDetailsView<T extends TableEntity, V extends FieldValues>(
  props: EntityDetailsViewProps<T, V>,
) {
  const { t } = useTranslation();
  const { config, entityId, seed } = props;
  const details = config.details;
  const query = useQuery({
    queryKey: detailsQueryKey(config.queryKey, entityId),
    queryFn: ({ signal }) => {
      if (!details) {
        throw new Error('No details configured');
      }
      return details.load(entityId, { signal, notFoundHandled: props.variant === 'page' });
    },
    // The row shown until the entity loads (T is an entity object, never a function).
    placeholderData: (seed ?? undefined) as never,
    enabled: details !== undefined,
  });
  if (!details) {
    return null;
  }
  if (query.data) {
    return <DetailsBody {...props} entity={query.data} />;
  }
  if (query.isError && props.variant === 'page' && isNotFound(query.error)) {
    return (
      <NotFoundNotice
        title={t('entity.not-found-title')}
        message={t('entity.not-found-message', { id: entityId })}
        linkTo={props.listPath ?? '/home'}
        linkLabel={t('entity.not-found-back')}
      />
    );
  }
  if (query.isError) {
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {t('app.load-failed')}
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}

function DetailsBody<T extends TableEntity, V extends FieldValues>({
  config,
  entity,
  variant,
  context,
  onDelete,
  runAction,
  onClose,
}: EntityDetailsViewProps<T, V> & { entity: T }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formId = useId();
  // Present: the caller renders this body only when details are configured.
  const details = config.details as NonNullable<typeof config.details>;
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState('details');
  const [saving, setSaving] = useState(false);
  const form = useForm<V>({ defaultValues: details.toValues(entity) as DefaultValues<V>, mode: 'onChange' });
  const { isDirty, isValid } = form.formState;
  const readonly = details.isReadonly?.(entity) ?? false;

  // A reloaded entity replaces the values unless the user is editing.
  useEffect(() => {
    if (!editing) {
      form.reset(details.toValues(entity) as DefaultValues<V>);
    }
  }, [entity, editing, form, details]);

  const tabs = editing && !details.tabsVisibleWhileEditing ? [] : (details.tabs ?? []);
  const activeTab = tabs.some((item) => item.id === tab) ? tab : 'details';
  const standaloneTab = tabs.find((item) => item.id === activeTab && item.standalone);

  const decline = () => {
    form.reset(details.toValues(entity) as DefaultValues<V>);
    setEditing(false);
  };
  const apply = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      await details.save(values, entity);
      setEditing(false);
      context.refresh();
    } catch {
      // The HTTP client has shown the error; the form stays in edit mode.
    } finally {
      setSaving(false);
    }
  });

  const formProps = { form, entity, editing, isAdd: false };
  const visibleActions = (config.rowActions ?? []).filter((action) => action.isVisible?.(entity) ?? true);
  const deletable = config.delete && (config.delete.isEnabled?.(entity) ?? true);
  const name = config.entityName(entity);

  return (
    <Box
      data-testid={selectors.entityTable.details}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        height: variant === 'drawer' ? '100%' : 'auto',
      }}
    >
      {/* Like the toolbar: primary in light mode; in dark mode the dark primary is a light blue, so a dark surface. */}
      <Box
        data-testid={selectors.entityTable.detailsHeader}
        sx={(theme) => ({
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1.5,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          borderRadius: variant === 'page' ? 1 : 0,
          ...theme.applyStyles('dark', {
            bgcolor: 'background.paper',
            color: 'text.primary',
            borderBottom: 1,
            borderColor: 'divider',
          }),
        })}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" noWrap data-testid={selectors.entityTable.detailsTitle}>
            {name}
          </Typography>
          <Typography variant="body2" sx={{ opacity: 0.8 }}>
            {t('entity.details')}
          </Typography>
        </Box>
        {editing ? (
          <>
            <Tooltip title={t('action.apply')}>
              <span>
                <IconButton
                  type="submit"
                  form={formId}
                  color="inherit"
                  aria-label={t('action.apply')}
                  disabled={!isDirty || !isValid || saving}
                  data-testid={selectors.entityTable.apply}
                >
                  <Check />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t('action.decline')}>
              <IconButton
                color="inherit"
                aria-label={t('action.decline')}
                onClick={decline}
                data-testid={selectors.entityTable.decline}
              >
                <Close />
              </IconButton>
            </Tooltip>
          </>
        ) : (
          !readonly && (
            <Tooltip title={t('entity.edit')}>
              <IconButton
                color="inherit"
                aria-label={t('entity.edit')}
                onClick={() => {
                  setEditing(true);
                  // A form tab that stays visible while editing (a profile's alarm rules) is edited
                  // where the user is; otherwise editing starts on Details.
                  if (!details.tabsVisibleWhileEditing || standaloneTab) setTab('details');
                }}
                data-testid={selectors.entityTable.editToggle}
              >
                <Edit />
              </IconButton>
            </Tooltip>
          )
        )}
        {onClose && !editing && (
          <Tooltip title={t('action.close')}>
            <IconButton
              color="inherit"
              aria-label={t('action.close')}
              onClick={onClose}
              data-testid={selectors.entityTable.detailsClose}
            >
              <Close />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <Tabs
        value={activeTab}
        onChange={(_event, value: string) => setTab(value)}
        variant="scrollable"
        sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
      >
        <Tab
          value="details"
          label={t('entity.details')}
          data-testid={selectors.entityTable.detailsTab('details')}
        />
        {tabs.map((item) => (
          <Tab
            key={item.id}
            value={item.id}
            label={item.renderLabel ? item.renderLabel(formProps) : item.label}
            data-testid={selectors.entityTable.detailsTab(item.id)}
          />
        ))}
      </Tabs>
      {standaloneTab && (
        // Keyed by tab: each tab's tables and dialogs keep their own state.
        <Box
          key={standaloneTab.id}
          sx={{
            flex: 1,
            overflow: 'auto',
            p: 2,
            bgcolor: variant === 'page' ? 'background.paper' : undefined,
          }}
        >
          {standaloneTab.render(formProps)}
        </Box>
      )}
      {/* The form stays mounted (hidden) under a standalone tab: the apply button submits it. */}
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={apply}
        sx={{
          flex: 1,
          overflow: 'auto',
          p: 2,
          bgcolor: variant === 'page' ? 'background.paper' : undefined,
          display: standaloneTab ? 'none' : undefined,
        }}
      >
        {standaloneTab ? null : activeTab === 'details' ? (
          <>
            {!editing && (
              <Box
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}
                data-testid={selectors.entityTable.detailsButtons}
              >
                {variant === 'drawer' && config.detailsPagePath && (
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<OpenInNew fontSize="small" />}
                    onClick={() => config.detailsPagePath && navigate(config.detailsPagePath(entity))}
                    data-testid={selectors.entityTable.openDetailsPage}
                  >
                    {t('entity.open-details-page')}
                  </Button>
                )}
                {visibleActions.map((action) => (
                  <Button
                    key={action.id}
                    size="small"
                    variant="outlined"
                    onClick={() => runAction(action, entity)}
                    data-testid={selectors.entityTable.detailsAction(action.id)}
                  >
                    {action.label}
                  </Button>
                ))}
                {deletable && (
                  <Button
                    size="small"
                    variant="outlined"
                    color="error"
                    startIcon={<Delete fontSize="small" />}
                    onClick={() => onDelete(entity)}
                    data-testid={selectors.entityTable.detailsDelete}
                  >
                    {t('entity.delete')}
                  </Button>
                )}
                <CopyButton
                  variant="text"
                  text={entity.id.id}
                  label={details.copyIdLabel}
                  testId={selectors.entityTable.copyId}
                />
                {details.extraButtons?.(entity, context)}
              </Box>
            )}
            {details.render(formProps)}
          </>
        ) : (
          tabs.find((item) => item.id === activeTab)?.render(formProps)
        )}
      </Box>
    </Box>
  );
}
