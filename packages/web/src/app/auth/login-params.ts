/** Query parameters honoured at application start (spec 1 §2 "Login-time query parameters"). */
export interface LoginParams {
  publicId: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  username: string | null;
  password: string | null;
  loginError: string | null;
}

export const NO_LOGIN_PARAMS: LoginParams = {
  publicId: null,
  accessToken: null,
  refreshToken: null,
  username: null,
  password: null,
  loginError: null,
};

/** Credentials and one-shot flags are removed from the address bar; publicId stays. */
const STRIPPED = ['accessToken', 'refreshToken', 'username', 'password', 'loginError'] as const;

function nonEmpty(value: string | null): string | null {
  return value && value.length > 0 ? value : null;
}

export function readLoginParams(search: string): { params: LoginParams; cleanedSearch: string } {
  const query = new URLSearchParams(search);
  const params: LoginParams = {
    publicId: nonEmpty(query.get('publicId')),
    accessToken: nonEmpty(query.get('accessToken')),
    refreshToken: nonEmpty(query.get('refreshToken')),
    username: nonEmpty(query.get('username')),
    password: nonEmpty(query.get('password')),
    loginError: nonEmpty(query.get('loginError')),
  };
  for (const key of STRIPPED) {
    query.delete(key);
  }
  const rest = query.toString();
  return { params, cleanedSearch: rest ? `?${rest}` : '' };
}
