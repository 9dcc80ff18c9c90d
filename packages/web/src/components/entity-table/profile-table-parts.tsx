import FileDownload from '@mui/icons-material/FileDownload';
import FileUpload from '@mui/icons-material/FileUpload';
import Flag from '@mui/icons-material/Flag';
import type { TFunction } from 'i18next';
import { downloadJson } from './download';
import type { AddAction, DeleteConfig, EntityActionContext, RowAction, TableEntity } from './types';

/**
 * What every profile table has (reference console §3.3, §3.7): import from a JSON file, export to
 * `<name>.json`, make a profile the default, and delete any profile but the default one. Each part
 * takes the message namespace (`messages`, e.g. 'device-profile') its texts are named in:
 * `<messages>.import`, `<messages>.set-default-title`, `<messages>.delete-profiles-text`, …
 */

/** A profile row (device profile, tenant profile): exactly one profile of a kind is the default. */
export interface ProfileRow extends TableEntity {
  name: string;
  default: boolean;
}

/** The default profile is neither deleted nor made default again. */
const isNotDefault = (profile: ProfileRow): boolean => !profile.default;

/** The Add menu entry importing a profile from a JSON file. */
export function profileImportAction(
  t: TFunction,
  messages: string,
  startImport: (context: EntityActionContext) => void,
): AddAction {
  return {
    id: 'import',
    label: t(`${messages}.import`),
    icon: <FileUpload fontSize="small" />,
    onAction: startImport,
  };
}

export interface ProfileRowActionsSource<T extends ProfileRow> {
  messages: string;
  /** Loads the stored profile (the row may be a summary). */
  load: (profileId: string) => Promise<T>;
  /** The file content of an exported profile. */
  exported: (profile: T) => unknown;
  setDefault: (profileId: string) => Promise<unknown>;
}

/** Export the profile, and make a profile other than the default the default after a confirmation. */
export function profileRowActions<T extends ProfileRow>(
  t: TFunction,
  source: ProfileRowActionsSource<T>,
): RowAction<T>[] {
  const ns = source.messages;
  return [
    {
      id: 'export',
      label: t(`${ns}.export`),
      icon: <FileDownload fontSize="small" />,
      onAction: async (profile) => {
        const stored = await source.load(profile.id.id);
        downloadJson(`${stored.name}.json`, source.exported(stored));
      },
    },
    {
      id: 'makeDefault',
      label: t(`${ns}.set-default`),
      icon: <Flag fontSize="small" />,
      isVisible: isNotDefault,
      onAction: async (profile, context) => {
        const ok = await context.confirm({
          title: t(`${ns}.set-default-title`, { name: profile.name }),
          message: t(`${ns}.set-default-text`),
        });
        if (ok) {
          await source.setDefault(profile.id.id);
          context.refresh();
        }
      },
    },
  ];
}

/** Deleting profiles, one or many; never the default one. */
export function profileDelete<T extends ProfileRow>(
  t: TFunction,
  messages: string,
  remove: (profileId: string) => Promise<unknown>,
): DeleteConfig<T> {
  return {
    isEnabled: isNotDefault,
    run: (profile) => remove(profile.id.id),
    title: (profile) => t(`${messages}.delete-title`, { name: profile.name }),
    message: t(`${messages}.delete-text`),
    bulkTitle: (count) => t(`${messages}.delete-profiles-title`, { count }),
    bulkMessage: t(`${messages}.delete-profiles-text`),
  };
}
