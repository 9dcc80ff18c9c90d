import type { AdminSettings, MailSettings, SecuritySettings } from '@meridian/common';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

const admin = 'sysadmin@meridian.test';

describe('General settings', () => {
  it('loads, validates, and saves only when changed', async () => {
    const { user, backend } = renderApp({ path: '/settings/general', signedInAs: admin });
    const baseUrl = await screen.findByLabelText(/^Base URL/);
    expect(baseUrl).toHaveValue('http://localhost:8080');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.clear(baseUrl);
    await user.tab();
    expect(await screen.findByText('Base URL is required.')).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.type(baseUrl, 'https://iot.example.com');
    const prohibit = screen.getByRole('checkbox', {
      name: 'Do not use the host name from client request headers',
    });
    // Installed on: links in mails use the base URL unless the administrator allows otherwise.
    expect(prohibit).toBeChecked();
    await user.click(prohibit);
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent('Settings saved');
    expect(backend.callsTo('POST', '/api/admin/settings')[0]?.body).toEqual({
      key: 'general',
      jsonValue: { baseUrl: 'https://iot.example.com', prohibitDifferentUrl: false },
    });
    await waitFor(() => expect(save).toBeDisabled());
  });
});

describe('Outgoing mail settings', () => {
  it('sends a test mail with the form values and confirms it', async () => {
    const { user, backend } = renderApp({ path: '/settings/outgoing-mail', signedInAs: admin });
    const host = await screen.findByLabelText(/^SMTP host/);
    expect(screen.getByLabelText(/^SMTP port/)).toHaveValue(25);
    await user.clear(host);
    await user.type(host, 'smtp.example.com');
    await user.click(screen.getByRole('button', { name: 'Send test mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Test mail sent');
    const sent = backend.callsTo('POST', '/api/admin/settings/testMail')[0]
      ?.body as AdminSettings<MailSettings>;
    expect(sent.key).toBe('mail');
    expect(sent.jsonValue).toMatchObject({ smtpHost: 'smtp.example.com', smtpPort: '25', timeout: '10000' });
    expect(backend.callsTo('POST', '/api/admin/settings')).toHaveLength(0);
  });

  it('rejects an invalid port', async () => {
    const { user } = renderApp({ path: '/settings/outgoing-mail', signedInAs: admin });
    const port = await screen.findByLabelText(/^SMTP port/);
    await user.clear(port);
    await user.type(port, '70000');
    await user.tab();
    expect(await screen.findByText('Enter a port number from 1 to 65535.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send test mail' })).toBeDisabled();
  });

  it('keeps the stored password unless "Change password" is ticked', async () => {
    const { user, backend } = renderApp({ path: '/settings/outgoing-mail', signedInAs: admin });
    const password = await screen.findByLabelText(/^Password/);
    expect(password).toBeDisabled();
    await user.type(screen.getByLabelText('Username'), 'mailer');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(backend.callsTo('POST', '/api/admin/settings')).toHaveLength(1));
    const first = backend.callsTo('POST', '/api/admin/settings')[0]?.body as AdminSettings<MailSettings>;
    expect(first.jsonValue.username).toBe('mailer');
    expect(first.jsonValue).not.toHaveProperty('password');

    await user.click(screen.getByRole('checkbox', { name: 'Change password' }));
    expect(password).toBeEnabled();
    await user.type(password, 's3cret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(backend.callsTo('POST', '/api/admin/settings')).toHaveLength(2));
    const second = backend.callsTo('POST', '/api/admin/settings')[1]?.body as AdminSettings<MailSettings>;
    expect(second.jsonValue.password).toBe('s3cret');
  });

  it('shows the TLS version only with TLS and the proxy fields only with a proxy', async () => {
    const { user } = renderApp({ path: '/settings/outgoing-mail', signedInAs: admin });
    await screen.findByLabelText(/^SMTP host/);
    expect(screen.queryByRole('combobox', { name: 'TLS version' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Enable TLS' }));
    expect(screen.getByRole('combobox', { name: 'TLS version' })).toHaveTextContent('TLSv1.2');
    expect(screen.queryByLabelText(/^Proxy host/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Use a proxy' }));
    expect(screen.getByLabelText(/^Proxy host/)).toBeInTheDocument();
  });
});

describe('Security settings', () => {
  it('validates the policy and saves it', async () => {
    const { user, backend } = renderApp({ path: '/settings/security-settings', signedInAs: admin });
    const minLength = await screen.findByLabelText(/^Minimum password length/);
    expect(minLength).toHaveValue(6);
    await user.clear(minLength);
    await user.type(minLength, '3');
    await user.tab();
    expect(await screen.findByText('Minimum password length must be between 5 and 50.')).toBeInTheDocument();
    await user.clear(minLength);
    await user.type(minLength, '10');
    await user.type(screen.getByLabelText('Failed login attempts before the account is locked'), '5');
    await user.type(screen.getByLabelText('Password expires after (days)'), '90');
    await user.type(
      screen.getByLabelText('Notify this email when an account is locked'),
      'security@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Settings saved');
    const saved = backend.callsTo('POST', '/api/admin/securitySettings')[0]?.body as SecuritySettings;
    expect(saved).toEqual({
      maxFailedLoginAttempts: 5,
      userLockoutNotificationEmail: 'security@example.com',
      passwordPolicy: {
        minimumLength: 10,
        minimumUppercaseLetters: null,
        minimumLowercaseLetters: null,
        minimumDigits: null,
        minimumSpecialCharacters: null,
        allowWhitespaces: true,
        passwordExpirationPeriodDays: 90,
        passwordReuseFrequencyDays: null,
      },
    });
  });

  it('rejects negative counts', async () => {
    const { user } = renderApp({ path: '/settings/security-settings', signedInAs: admin });
    const digits = await screen.findByLabelText('Minimum digits');
    await user.type(digits, '-1');
    await user.tab();
    expect(await screen.findByText('The value cannot be negative.')).toBeInTheDocument();
  });
});
