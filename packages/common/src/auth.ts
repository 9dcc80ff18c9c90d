/**
 * Bodies of the authentication endpoints (spec 1 §7 "Authentication"; reference §1.2, §1.4, §2.2).
 */

/** Token pair returned by login, refresh, activation, password reset and password change. */
export interface JwtTokenPair {
  token: string;
  refreshToken: string;
}

/** Short alias of {@link JwtTokenPair}. */
export type JwtPair = JwtTokenPair;

export interface LoginRequest {
  username: string;
  password: string;
}

export interface PublicLoginRequest {
  publicId: string;
}

export interface RefreshTokenRequest {
  refreshToken: string;
}

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

export interface ResetPasswordEmailRequest {
  email: string;
}

export interface ResetPasswordRequest {
  resetToken: string;
  password: string;
}

export interface ActivateUserRequest {
  activateToken: string;
  password: string;
}

/** Length of activation and password-reset tokens (random alphanumerics, reference §2.4). */
export const ACTIVATION_TOKEN_LENGTH = 30;
