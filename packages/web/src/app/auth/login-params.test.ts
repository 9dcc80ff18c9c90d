import { describe, expect, it } from 'vitest';
import { readLoginParams } from './login-params';

describe('readLoginParams', () => {
  it('reads the login-time parameters and strips all but publicId', () => {
    const { params, cleanedSearch } = readLoginParams(
      '?publicId=p1&accessToken=a&refreshToken=r&username=u&password=pw&loginError=bad&state=x',
    );
    expect(params).toEqual({
      publicId: 'p1',
      accessToken: 'a',
      refreshToken: 'r',
      username: 'u',
      password: 'pw',
      loginError: 'bad',
    });
    expect(cleanedSearch).toBe('?publicId=p1&state=x');
  });

  it('treats empty values as absent', () => {
    const { params, cleanedSearch } = readLoginParams('?publicId=&loginError=');
    expect(params.publicId).toBeNull();
    expect(params.loginError).toBeNull();
    expect(cleanedSearch).toBe('?publicId=');
  });
});
