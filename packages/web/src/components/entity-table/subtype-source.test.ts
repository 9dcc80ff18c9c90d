import { describe, expect, it } from 'vitest';
import { hasConsoleMessage } from '../../test/console-messages';
import { subtypeKeys } from './subtype-source';

describe('subtypeKeys', () => {
  it.each(['asset', 'entity-view'])('names only messages of the console bundle for %s', (one) => {
    const keys = Object.values(subtypeKeys(one));
    expect(keys.filter((key) => !hasConsoleMessage(key))).toEqual([]);
  });

  it('builds the keys from the namespace', () => {
    expect(subtypeKeys('entity-view')).toEqual({
      label: 'entity-view.entity-view-type',
      required: 'entity-view.type-required',
      maxLength: 'entity-view.type-max-length',
    });
  });
});
