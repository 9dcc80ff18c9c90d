import type { MailMessage } from './mailer.js';

const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function page(title: string, paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const button = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '';
  return `<!doctype html><html><body style="font-family:sans-serif"><h2>${escapeHtml(title)}</h2>${body}${button}</body></html>`;
}

function mail(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { href: string; label: string },
): MailMessage {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : [])].join('\n\n');
  return { to, subject, text, html: page(subject, paragraphs, link) };
}

export const activationMail = (to: string, link: string) =>
  mail(
    to,
    'Your account activation on Meridian',
    [
      'You have been invited to Meridian. Follow the link below to set your password and activate your account.',
    ],
    { href: link, label: 'Activate your account' },
  );

export const activatedMail = (to: string, loginLink: string) =>
  mail(to, 'Your account has been activated', ['Your Meridian account is now active.'], {
    href: loginLink,
    label: 'Sign in',
  });

export const resetPasswordMail = (to: string, link: string) =>
  mail(
    to,
    'Password reset request',
    ['Someone asked to reset the password of your Meridian account. If that was not you, ignore this mail.'],
    { href: link, label: 'Reset your password' },
  );

export const passwordWasResetMail = (to: string, loginLink: string) =>
  mail(to, 'Your password has been reset', ['The password of your Meridian account was changed.'], {
    href: loginLink,
    label: 'Sign in',
  });

export const lockoutMail = (to: string, userEmail: string, attempts: number) =>
  mail(to, `User ${userEmail} was locked out`, [
    `The account ${userEmail} was disabled after ${attempts} failed login attempts.`,
  ]);

export const testMail = (to: string) =>
  mail(to, 'Meridian test mail', ['This is a test mail: the outgoing mail settings of Meridian work.']);
