import { Type } from '@sinclair/typebox';

const password = Type.String({ minLength: 1, maxLength: 255 });
const token = Type.String({ minLength: 1, maxLength: 255 });

export const ChangePasswordBody = Type.Object({ currentPassword: password, newPassword: password });
export const ResetByEmailBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 255 }) });
export const ResetPasswordBody = Type.Object({ resetToken: token, password });
export const ActivateBody = Type.Object({ activateToken: token, password });
export const ActivateQuery = Type.Object({
  sendActivationMail: Type.Optional(Type.Boolean({ default: true })),
});
export const ResetTokenQuery = Type.Object({ resetToken: token });
export const ActivateTokenQuery = Type.Object({ activateToken: token });
export const TokenPairSchema = Type.Object({ token: Type.String(), refreshToken: Type.String() });
