import { ErrorMessages } from '@meridian/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { unauthorized } from '../../http/api-error.js';
import {
  ActivateBody,
  ActivateQuery,
  ActivateTokenQuery,
  ChangePasswordBody,
  ResetByEmailBody,
  ResetPasswordBody,
  ResetTokenQuery,
} from './schemas.js';
import type { AuthService } from './service.js';

type Body = Record<string, unknown> | undefined;
const field = (body: unknown, name: string) =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService): void {
  const pub = { access: 'public' as const };

  // The three token endpoints are security filters in the reference: other methods get 401 code 10,
  // and a body without the expected fields fails authentication rather than validation.
  for (const url of ['/api/auth/login', '/api/auth/login/public', '/api/auth/token']) {
    app.route({
      method: ['GET', 'PUT', 'DELETE', 'PATCH'],
      url,
      config: pub,
      handler: async () => {
        throw unauthorized(ErrorMessages.methodNotSupported);
      },
    });
  }
  const client = (req: FastifyRequest) => ({ address: req.ip, userAgent: req.headers['user-agent'] });
  app.post<{ Body: Body }>('/api/auth/login', { config: pub }, (req) =>
    auth.login(field(req.body, 'username'), field(req.body, 'password'), client(req)),
  );
  app.post<{ Body: Body }>('/api/auth/login/public', { config: pub }, (req) =>
    auth.publicLogin(field(req.body, 'publicId')),
  );
  app.post<{ Body: Body }>('/api/auth/token', { config: pub }, (req) =>
    auth.refresh(field(req.body, 'refreshToken')),
  );

  const any = { access: 'authenticated' as const };
  app.get('/api/auth/user', { config: any }, (req) => auth.currentUser(principalOf(req)));
  app.post('/api/auth/logout', { config: any }, async (req, reply) => {
    await auth.logout(principalOf(req), client(req));
    return reply.code(200).send();
  });
  app.post<{ Body: { currentPassword: string; newPassword: string } }>(
    '/api/auth/changePassword',
    { config: any, schema: { body: ChangePasswordBody } },
    (req) => auth.changePassword(principalOf(req), req.body.currentPassword, req.body.newPassword),
  );

  app.get('/api/noauth/userPasswordPolicy', { config: pub }, () => auth.passwordPolicy());
  app.post<{ Body: { email: string } }>(
    '/api/noauth/resetPasswordByEmail',
    { config: pub, schema: { body: ResetByEmailBody } },
    async (req, reply) => {
      await auth.requestPasswordReset(req.body.email, req);
      return reply.code(200).send();
    },
  );
  app.get<{ Querystring: { resetToken: string } }>(
    '/api/noauth/resetPassword',
    { config: pub, schema: { querystring: ResetTokenQuery } },
    async (req, reply) => reply.redirect(await auth.resetLinkTarget(req.query.resetToken), 303),
  );
  app.post<{ Body: { resetToken: string; password: string } }>(
    '/api/noauth/resetPassword',
    { config: pub, schema: { body: ResetPasswordBody } },
    (req) => auth.resetPassword(req.body.resetToken, req.body.password, req),
  );
  app.get<{ Querystring: { activateToken: string } }>(
    '/api/noauth/activate',
    { config: pub, schema: { querystring: ActivateTokenQuery } },
    async (req, reply) => reply.redirect(await auth.activationLinkTarget(req.query.activateToken), 303),
  );
  app.post<{
    Body: { activateToken: string; password: string };
    Querystring: { sendActivationMail?: boolean };
  }>(
    '/api/noauth/activate',
    { config: pub, schema: { body: ActivateBody, querystring: ActivateQuery } },
    (req) =>
      auth.activate(req.body.activateToken, req.body.password, req.query.sendActivationMail !== false, req),
  );
}
