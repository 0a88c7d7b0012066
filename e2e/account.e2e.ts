import { messages } from '@reelwright/core';
import {
  readOutbox,
  runAdminCommand,
  type ServerProcess,
  startIdentityProvider,
  startServerProcess,
  startSmtpServer,
  startWebhookReceiver,
  verifyWebhook,
  waitForCode,
} from '@reelwright/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';

/**
 * The account screens as a new member meets them (spec 000 §2, §4, §5, §8): sign up, verify,
 * profile, passwords, logout and login, forgotten password, errors — with the outbox, a real
 * SMTP server, a business member's API key, and sign-in with an identity provider.
 */

const NEW_EMAIL_HELP = messages.otpHelp;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openApp(server: ServerProcess): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/app.html#/wizard`);
  return page;
}

const dialog = (page: Page) => page.getByRole('dialog');

/** Opens the popup from the menu bar, as a visitor does. */
async function openAuthPopup(page: Page) {
  await page.getByRole('button', { name: messages.unlockAllFeatures }).click();
  await dialog(page).waitFor();
}

/** Waits for a mail to `email` beyond the `seen` ones and answers its code. */
const nextCode = (server: ServerProcess, email: string, seen: number) =>
  waitForCode(server.dataDir, email, { after: seen });

const mailCount = async (server: ServerProcess, email: string) =>
  (await readOutbox(server.dataDir)).filter((mail) => mail.to.includes(email)).length;

/** Lets transitions (modal, menu, toast) finish, then saves a screenshot. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

async function expectToast(page: Page, text: string) {
  await page.locator('.mantine-Notification-root', { hasText: text }).first().waitFor();
}

async function signUp(page: Page, email: string) {
  await openAuthPopup(page);
  await dialog(page).getByLabel('Email').fill(email);
  await dialog(page).getByRole('button', { name: 'Sign up' }).click();
  await dialog(page).getByText(messages.verifyTitle).waitFor();
}

async function verifyWith(page: Page, code: string) {
  await dialog(page).getByPlaceholder(messages.verifyCodePlaceholder).fill(code);
  await dialog(page).getByRole('button', { name: 'Verify account' }).click();
  await dialog(page).waitFor({ state: 'detached' });
}

async function openUserMenuEntry(page: Page, entry: string) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('button', { name: messages.unlockAllFeatures }).waitFor();
}

describe('account screens', () => {
  it('takes a new member through signup, verification, profile, passwords, login and reset', async () => {
    const server = await startServerProcess();
    try {
      const page = await openApp(server);
      const email = 'ann@example.com';

      await openAuthPopup(page);
      const emailField = dialog(page).getByLabel('Email');
      await emailField.fill('ann@');
      expect(await dialog(page).getByText(NEW_EMAIL_HELP).count()).toBe(0);
      await emailField.fill(email);
      await dialog(page).getByText(NEW_EMAIL_HELP).waitFor();
      await dialog(page).getByText(messages.signupNote).waitFor();
      await shot(page, 'account-signup');

      await dialog(page).getByRole('button', { name: 'Sign up' }).click();
      await dialog(page).getByText(messages.verifyTitle).waitFor();
      expect(await dialog(page).getByLabel('Email').getAttribute('readonly')).not.toBeNull();
      await shot(page, 'account-verify');

      await dialog(page).getByRole('button', { name: 'Change email?' }).click();
      expect(await dialog(page).getByLabel('Email').getAttribute('readonly')).toBeNull();
      await shot(page, 'account-verify-change-email');
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();

      await dialog(page).getByPlaceholder(messages.verifyCodePlaceholder).fill('1234');
      await dialog(page).getByRole('button', { name: 'Verify account' }).click();
      await dialog(page)
        .getByText(/The code has 8 digits/)
        .waitFor();

      const seen = await mailCount(server, email);
      await dialog(page).getByRole('button', { name: "Didn't get code?" }).click();
      await expectToast(page, messages.codeSentTo(email));
      await verifyWith(page, await nextCode(server, email, seen));

      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByText(messages.planAccount('free')).waitFor();
      await shot(page, 'account-user-menu');
      expect(await page.getByRole('menuitem', { name: messages.apiKeyEntry }).count()).toBe(0);
      await page.getByRole('menuitem', { name: messages.yourProfileEntry }).click();

      await dialog(page).getByLabel('Full name').fill('');
      await dialog(page).getByRole('button', { name: 'Update profile' }).click();
      await dialog(page).getByText('Please enter your name.').waitFor();
      await dialog(page).getByLabel('Full name').fill('Ann Example');
      await dialog(page).getByRole('button', { name: 'Update profile' }).click();
      await expectToast(page, messages.profileUpdated);
      await shot(page, 'account-profile');

      await dialog(page).getByRole('button', { name: 'Update password' }).click();
      await dialog(page).getByText('Your account has no password yet', { exact: false }).waitFor();
      expect(await dialog(page).getByLabel('Old password').count()).toBe(0);
      await shot(page, 'account-set-password');
      await dialog(page).getByLabel('New password').fill('first-secret');
      await dialog(page).getByRole('button', { name: 'Update password' }).click();
      await expectToast(page, messages.passwordChanged);

      await dialog(page).getByRole('button', { name: 'Update password' }).click();
      await dialog(page).getByLabel('Old password').fill('first-secret');
      await dialog(page).getByLabel('New password').fill('first-secret');
      await dialog(page).getByRole('button', { name: 'Update password' }).click();
      await dialog(page).getByText(messages.newPasswordMustDiffer).waitFor();
      await shot(page, 'account-change-password');
      await dialog(page).getByLabel('New password').fill('second-secret');
      await dialog(page).getByRole('button', { name: 'Update password' }).click();
      await dialog(page).getByRole('button', { name: 'Update profile' }).waitFor();
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached' });

      await logOut(page);
      await openAuthPopup(page);
      await dialog(page).getByRole('tab', { name: 'Log in' }).click();
      await dialog(page).getByLabel('Registered email').fill(email);
      await dialog(page).getByLabel('Password').fill('wrong-password');
      await dialog(page).getByRole('button', { name: 'Log In' }).click();
      await dialog(page)
        .getByRole('alert')
        .getByText(/^Invalid data: /)
        .waitFor();
      await shot(page, 'account-login-error');
      await dialog(page).getByLabel('Password').fill('second-secret');
      await dialog(page).getByLabel('Password').press('Enter');
      await dialog(page).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Account menu' }).waitFor();

      await logOut(page);
      await openAuthPopup(page);
      await dialog(page).getByRole('tab', { name: 'Log in' }).click();
      await dialog(page).getByLabel('Registered email').fill(email);
      await dialog(page).getByRole('button', { name: 'Forgot password?' }).click();
      expect(await dialog(page).getByLabel('Email').inputValue()).toBe(email);
      await shot(page, 'account-forgot-step1');
      const beforeReset = await mailCount(server, email);
      await dialog(page).getByRole('button', { name: 'Get Password Reset Code By Email' }).click();
      await expectToast(page, messages.resetCodeSent);
      const resetCode = await nextCode(server, email, beforeReset);
      expect(await dialog(page).getByLabel('New password').count()).toBe(0);
      await dialog(page).getByLabel('Reset code').fill(resetCode);
      await dialog(page).getByLabel('New password').fill('third-secret');
      await shot(page, 'account-forgot-step2');
      await dialog(page).getByRole('button', { name: 'Create New Password' }).click();
      await dialog(page).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Account menu' }).waitFor();

      await logOut(page);
      await openAuthPopup(page);
      await dialog(page).getByRole('tab', { name: 'Log in' }).click();
      await dialog(page).getByLabel('Registered email').fill(email);
      await dialog(page).getByLabel('Password').fill('third-secret');
      await dialog(page).getByRole('button', { name: 'Log In' }).click();
      await dialog(page).waitFor({ state: 'detached' });
    } finally {
      await server.stop();
    }
  });

  it('mails the signup code through a real SMTP server', async () => {
    const smtp = await startSmtpServer();
    const server = await startServerProcess({ SMTP_URL: smtp.url });
    try {
      const page = await openApp(server);
      const email = 'smtp-member@example.com';
      await signUp(page, email);

      // An unverified member who comes back meets the popup at once, and cannot wave it away.
      await page.reload();
      await dialog(page).getByText(messages.verifyTitle).waitFor();
      await page.keyboard.press('Escape');
      await page.mouse.click(10, 400);
      await page.waitForTimeout(300);
      expect(await dialog(page).isVisible()).toBe(true);

      const mail = await smtp.waitForMessage((message) => message.to === email, 10_000);
      const code = /\b(\d{8})\b/.exec(`${mail.subject}\n${mail.text}`)?.[1];
      expect(code).toBeDefined();
      await verifyWith(page, code!);
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
    } finally {
      await server.stop();
      await smtp.close();
    }
  });

  it('shows a business member their API key, and adds a webhook that receives a signed test event', async () => {
    let server = await startServerProcess();
    const dataDir = server.dataDir;
    const email = 'biz@example.com';
    const page = await openApp(server);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await signUp(page, email);
    await verifyWith(page, await nextCode(server, email, 0));

    // PGlite allows one process: stop the server to change the plan, then start it again.
    await server.stop();
    await runAdminCommand(['set-plan', email, 'business'], { DATA_DIR: dataDir });
    // The webhook receiver is on loopback, which only FETCH_ALLOW_PRIVATE lets deliveries reach.
    server = await startServerProcess({ DATA_DIR: dataDir, FETCH_ALLOW_PRIVATE: '1' });
    const receiver = await startWebhookReceiver();
    try {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      await page.goto(`${server.url}/app.html#/wizard`);
      await openUserMenuEntry(page, messages.apiKeyEntry);
      const keyDialog = page.getByRole('dialog', { name: messages.apiKeyTitle });
      const keyField = keyDialog.getByLabel('Your API key', { exact: true });
      await keyField.waitFor();
      const apiKey = await keyField.inputValue();
      expect(apiKey.length).toBeGreaterThan(16);
      await keyDialog.getByRole('button', { name: 'Copy' }).click();
      await keyDialog.getByRole('button', { name: 'Copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);
      await shot(page, 'account-api-key');

      // After a reload the server shows only a hint; a new key replaces the old one.
      await page.reload();
      await openUserMenuEntry(page, messages.apiKeyEntry);
      await keyDialog.getByRole('button', { name: 'Generate a new key' }).waitFor();
      expect(await keyField.inputValue()).not.toBe(apiKey);
      await shot(page, 'account-api-key-hint');
      await keyDialog.getByRole('button', { name: 'Generate a new key' }).click();
      await keyDialog.getByText('Your current key stops working at once', { exact: false }).waitFor();
      await shot(page, 'account-api-key-rotate');
      await keyDialog.getByRole('button', { name: 'Generate a new key' }).click();
      await keyDialog.getByRole('button', { name: 'Copy' }).waitFor();
      const newKey = await keyField.inputValue();
      expect(newKey).not.toBe(apiKey);
      expect(newKey.length).toBeGreaterThan(16);

      // Webhooks: the secret is shown once on adding; a test event arrives signed with it.
      await keyDialog.getByLabel('Webhook address').fill(receiver.url);
      await keyDialog.getByRole('button', { name: 'Add webhook' }).click();
      const secretField = keyDialog.getByLabel('Signing secret');
      await secretField.waitFor();
      const secret = await secretField.inputValue();
      expect(secret).toMatch(/^whsec_/);
      await keyDialog.getByRole('button', { name: 'Send a test event' }).click();
      await keyDialog.getByText('Delivered', { exact: true }).waitFor();
      const [request] = await receiver.waitForRequests(1);
      expect(verifyWebhook(secret, request!.headers, request!.body)).toMatchObject({
        valid: true,
        payload: { type: 'webhook.test' },
      });
      await shot(page, 'account-webhooks');
    } finally {
      await receiver.close();
      await server.stop();
    }
  });

  it('signs in with the identity provider shown above the tabs', async () => {
    const idp = await startIdentityProvider();
    const clientId = 'reelwright-e2e.apps.example.com';
    const server = await startServerProcess({ GOOGLE_CLIENT_ID: clientId, GOOGLE_JWKS_URL: idp.jwksUrl });
    try {
      const credential = await idp.signIdToken({
        sub: 'google-user-1',
        email: 'gina@example.com',
        email_verified: true,
        name: 'Gina Google',
        aud: clientId,
      });
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      // A stand-in for the provider's script: its button hands over the signed ID token.
      await context.route('https://accounts.google.com/gsi/client', (route) =>
        route.fulfill({ contentType: 'text/javascript', body: fakeGoogleScript(credential) }),
      );
      const page = await context.newPage();
      await page.goto(`${server.url}/app.html#/wizard`);
      await openAuthPopup(page);
      await dialog(page).getByRole('button', { name: 'Sign in with Google' }).waitFor();
      await shot(page, 'account-signup-google');
      await dialog(page).getByRole('button', { name: 'Sign in with Google' }).click();
      await dialog(page).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByText('gina@example.com').waitFor();
    } finally {
      await server.stop();
      await idp.close();
    }
  });
});

/** Google Identity Services as far as the app uses it: initialize and renderButton. */
function fakeGoogleScript(credential: string): string {
  return `
    let callback;
    window.google = { accounts: { id: {
      initialize(options) { callback = options.callback; },
      renderButton(parent) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Sign in with Google';
        button.style.cssText = 'height:40px;width:300px;border:1px solid #dadce0;border-radius:4px;background:#fff;font:500 14px sans-serif';
        button.onclick = () => callback({ credential: ${JSON.stringify(credential)} });
        parent.append(button);
      },
    } } };
  `;
}
