import type { User } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { INITIAL_AUTH_STATE } from '../../app/auth/auth-state';
import { defaultDashboardId } from '../../app/auth/default-place';
import { profileValuesOf, userWithProfile } from '../profile/profile-values';
import { credentialsEnabled, userOfValues, userValuesOf } from './user-values';

/**
 * The server returns a user's additionalInfo as stored, and the reference lets it be any JSON value
 * (decision 0023): the console's readers of its keys must treat a string, number or array as empty.
 */
const userWith = (additionalInfo: unknown): User =>
  ({
    id: { entityType: 'USER', id: 'u1' },
    createdTime: 1,
    tenantId: { entityType: 'TENANT', id: 't1' },
    customerId: { entityType: 'CUSTOMER', id: 'c1' },
    email: 'ada@example.test',
    authority: 'CUSTOMER_USER',
    firstName: 'Ada',
    lastName: null,
    additionalInfo,
  }) as User;

describe.each([
  ['a string', 'lang'],
  ['a number', 7],
  ['an array', ['de_DE']],
])('a user whose additionalInfo is %s', (_label, info) => {
  const user = userWith(info);

  it('reads as no settings', () => {
    expect(userValuesOf(user)).toMatchObject({
      description: '',
      defaultDashboardId: null,
      homeDashboardId: null,
    });
    expect(credentialsEnabled(user)).toBeUndefined();
    expect(profileValuesOf(user, 'en_US')).toMatchObject({ lang: 'en_US', defaultDashboardId: null });
    expect(defaultDashboardId({ ...INITIAL_AUTH_STATE, userDetails: user })).toBeNull();
  });

  it('is replaced by an object when a form saves settings', () => {
    const saved = userOfValues({ ...userValuesOf(user), description: 'x' }, user, false);
    expect(saved.additionalInfo).toEqual({ description: 'x' });
    const profile = userWithProfile(user, profileValuesOf(user, 'en_US'), {
      withDashboard: false,
      withLanguage: true,
    });
    expect(profile.additionalInfo).toEqual({ lang: 'en_US' });
  });
});
