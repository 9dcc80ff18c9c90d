import { DEFAULT_LANGUAGE, jsonObjectOrEmpty, type User } from '@meridian/common';
import { isSupportedLanguage } from '../../i18n/languages';

/** The profile form's fields. */
export interface ProfileValues {
  email: string;
  firstName: string;
  lastName: string;
  lang: string;
  defaultDashboardId: string | null;
  defaultDashboardFullscreen: boolean;
}

export function profileValuesOf(user: User, currentLanguage: string = DEFAULT_LANGUAGE): ProfileValues {
  const info = user.additionalInfo ?? {};
  return {
    email: user.email,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    // A stored language the console no longer offers shows as the one in use.
    lang: isSupportedLanguage(info.lang) ? info.lang : currentLanguage,
    defaultDashboardId:
      typeof info.defaultDashboardId === 'string' && info.defaultDashboardId ? info.defaultDashboardId : null,
    defaultDashboardFullscreen: info.defaultDashboardFullscreen === true,
  };
}

/** Which optional parts of the profile form were shown, and so are saved. */
export interface ProfileParts {
  withDashboard: boolean;
  withLanguage: boolean;
}

/**
 * The user object to save: everything the server sent, with the profile changes applied. Users who
 * cannot pick a default dashboard (system administrators) keep their dashboard settings as they were;
 * without a language picker the stored language stays as it was.
 */
export function userWithProfile(
  user: User,
  values: ProfileValues,
  { withDashboard, withLanguage }: ProfileParts,
): User {
  const info = { ...jsonObjectOrEmpty(user.additionalInfo) };
  if (withLanguage) {
    info.lang = values.lang;
  }
  if (withDashboard) {
    info.defaultDashboardId = values.defaultDashboardId;
    info.defaultDashboardFullscreen = values.defaultDashboardFullscreen;
  }
  return {
    ...user,
    email: values.email.trim(),
    firstName: values.firstName,
    lastName: values.lastName,
    additionalInfo: info,
  };
}
