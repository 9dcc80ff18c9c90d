/** OAuth2 login configuration enums and the login-button record (spec 2 §3 "OAuth2"; spec 1 §3). */

export const OAUTH2_DOMAIN_SCHEMES = ['HTTP', 'HTTPS', 'MIXED'] as const;
export type OAuth2DomainScheme = (typeof OAUTH2_DOMAIN_SCHEMES)[number];

/** How an external user is mapped to a platform user. */
export const OAUTH2_MAPPER_TYPES = ['BASIC', 'CUSTOM', 'GITHUB', 'APPLE'] as const;
export type OAuth2MapperType = (typeof OAUTH2_MAPPER_TYPES)[number];

/**
 * How a basic mapper picks the tenant name (spec 2 calls it the domain name-matching type): the
 * e-mail domain, the whole e-mail, or a custom pattern.
 */
export const OAUTH2_TENANT_NAME_STRATEGIES = ['DOMAIN', 'EMAIL', 'CUSTOM'] as const;
export type OAuth2TenantNameStrategy = (typeof OAUTH2_TENANT_NAME_STRATEGIES)[number];

export const OAUTH2_PLATFORMS = ['WEB', 'ANDROID', 'IOS'] as const;
export type OAuth2Platform = (typeof OAUTH2_PLATFORMS)[number];

export const OAUTH2_CLIENT_AUTHENTICATION_METHODS = ['BASIC', 'POST'] as const;
export type OAuth2ClientAuthenticationMethod = (typeof OAUTH2_CLIENT_AUTHENTICATION_METHODS)[number];

/** One sign-in button on the login page (`POST /api/noauth/oauth2Clients?platform=WEB`). */
export interface OAuth2ClientInfo {
  name: string;
  icon: string | null;
  url: string;
}

/** Path the OAuth2 provider redirects back to (`security.oauth2.loginProcessingUrl`). */
export const OAUTH2_LOGIN_PROCESSING_URL = '/login/oauth2/code/';
