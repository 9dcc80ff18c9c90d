import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { hasConsoleMessage } from '../../test/console-messages';
import {
  type ProfileRow,
  profileDelete,
  profileImportAction,
  profileRowActions,
} from './profile-table-parts';
import type { EntityActionContext } from './types';

const PROFILE: ProfileRow = { id: { id: 'p-1' }, createdTime: 0, name: 'Sensors', default: false };
const DEFAULT_PROFILE: ProfileRow = { ...PROFILE, default: true };

/** A `t` that answers the key and notes it. */
function recordingT(keys: string[] = []): TFunction {
  return ((key: string) => {
    keys.push(key);
    return key;
  }) as unknown as TFunction;
}

function context(confirmed: boolean): EntityActionContext {
  return {
    refresh: vi.fn(),
    confirm: vi.fn(async () => confirmed),
    closeDetails: vi.fn(),
    reportBulk: vi.fn(),
  };
}

function makeDefaultAction(
  t: TFunction,
  setDefault: (profileId: string) => Promise<unknown>,
  messages = 'x',
) {
  const actions = profileRowActions<ProfileRow>(t, {
    messages,
    load: async () => PROFILE,
    exported: (profile) => profile,
    setDefault,
  });
  return actions.find((action) => action.id === 'makeDefault');
}

describe('profile table parts', () => {
  it.each(['device-profile', 'tenant-profiles'])(
    'name only messages of the console bundle for %s',
    async (messages) => {
      const keys: string[] = [];
      const t = recordingT(keys);
      profileImportAction(t, messages, () => undefined);
      const remove = profileDelete<ProfileRow>(t, messages, async () => undefined);
      remove.title(PROFILE);
      remove.bulkTitle(2);
      await makeDefaultAction(t, async () => undefined, messages)?.onAction(PROFILE, context(false));
      expect(keys).toHaveLength(9);
      expect(keys.filter((key) => !hasConsoleMessage(key))).toEqual([]);
    },
  );

  it('makes a profile the default only when confirmed, then refreshes', async () => {
    const setDefault = vi.fn(async () => undefined);
    const action = makeDefaultAction(recordingT(), setDefault);
    await action?.onAction(PROFILE, context(false));
    expect(setDefault).not.toHaveBeenCalled();
    const accepted = context(true);
    await action?.onAction(PROFILE, accepted);
    expect(setDefault).toHaveBeenCalledWith('p-1');
    expect(accepted.refresh).toHaveBeenCalled();
  });

  it('keeps the default profile from being made default again or deleted', () => {
    const remove = profileDelete<ProfileRow>(recordingT(), 'x', async () => undefined);
    expect(makeDefaultAction(recordingT(), async () => undefined)?.isVisible?.(DEFAULT_PROFILE)).toBe(false);
    expect(remove.isEnabled?.(DEFAULT_PROFILE)).toBe(false);
    expect(remove.isEnabled?.(PROFILE)).toBe(true);
  });
});
