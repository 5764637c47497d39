// Screenshots of every admin screen: a Main sponsor and two friends pay (so the widgets, rings and latest
// transactions have real figures), the sponsor saves bank details, a contact message arrives; then the demo
// administrator looks a member up, records a cash-out, previews and runs the month's payout, in light and dark.
import { approveAsChecker, MAKER_ADMIN } from '../../support/admins.ts';
import { api, signIn, sponsorWithReferrals, sponsorWithTwoFriends } from '../../support/members.ts';

async function ready(page) {
  await page.locator('#boot-loader').waitFor({ state: 'detached' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

export default async function adminScreens({ browser, baseURL, shoot, outDir }) {
  const { sponsor } = await sponsorWithTwoFriends(baseURL, 'main');
  await sponsorWithTwoFriends(baseURL, 'welcomeback', ['Ngozi Ibe', 'Tunde Bakare', 'Halima Sani']);
  // 14 referrals complete Honourable: a laptop award to deliver.
  await sponsorWithReferrals(baseURL, 'main', 'Musa Idris', 14);
  const { token } = await signIn(baseURL, 'main', sponsor.email);
  await api(baseURL, '/api/auth/register', {
    method: 'POST',
    token,
    body: {
      type: 'savings',
      accountNumber: '0123456780',
      accountName: 'Sandbox Test Account',
      bankCode: '058',
    },
  });
  await api(baseURL, '/api/auth/sendContact', {
    method: 'POST',
    body: {
      name: 'Emeka Nwosu',
      email: 'emeka@example.com',
      message: 'Good afternoon. When is the bonus for this month paid into my account?',
    },
  });

  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error on ${page.url()}: ${error.message}`));
  await page.goto(`${baseURL}/admin`, { waitUntil: 'load' });
  await ready(page);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('demo-admin-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByTestId('toast').waitFor();
  await page.waitForURL('**/admindashboard');
  await ready(page);
  await page.getByTestId('latest-transaction').first().waitFor();
  await shoot(page, 'admin-dashboard');

  await page.goto(`${baseURL}/mainuser?email=${encodeURIComponent(sponsor.email)}`, { waitUntil: 'load' });
  await ready(page);
  await page.getByTestId('user-figures').waitFor();
  await shoot(page, 'admin-mainuser');

  await page.goto(`${baseURL}/welcomebackuser`, { waitUntil: 'load' });
  await ready(page);
  await page.getByTestId('user-row').first().waitFor();
  await shoot(page, 'admin-welcomebackuser');

  await page.goto(`${baseURL}/makeadmin`, { waitUntil: 'load' });
  await ready(page);
  await page.getByRole('button', { name: 'Ask to invite' }).click();
  await page.getByText('Enter the full names of the person you invite').waitFor();
  await shoot(page, 'admin-makeadmin-errors');

  await page.goto(`${baseURL}/mainadmincashout`, { waitUntil: 'load' });
  await ready(page);
  await page.getByLabel('Member email').fill(sponsor.email);
  await page.getByLabel('Amount (naira)').fill('2,500');
  await page.getByRole('button', { name: 'Record Main cash payout' }).click();
  await page.getByTestId('account-confirmation').waitFor();
  await shoot(page, 'admin-mainadmincashout-confirm');
  await page.getByRole('button', { name: 'Confirm cash payout' }).click();
  await page.getByTestId('toast').waitFor();
  await page.screenshot({
    path: `${outDir}/admin-mainadmincashout-popup-${page.viewportSize()?.width ?? 0}.png`,
  });
  await shoot(page, 'admin-mainadmincashout');

  await page.goto(`${baseURL}/welcomebackadmincashout`, { waitUntil: 'load' });
  await ready(page);
  await page.getByRole('button', { name: 'Record Welcome Back cash payout' }).click();
  await page.getByText('Enter the member email').waitFor();
  await shoot(page, 'admin-welcomebackadmincashout-errors');

  await page.goto(`${baseURL}/adminpayouts`, { waitUntil: 'load' });
  await ready(page);
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByTestId('payout-preview').waitFor();
  await page.getByRole('button', { name: 'Run this payout' }).click();
  await shoot(page, 'admin-payouts-preview');
  await page.getByRole('button', { name: 'Yes, ask for approval' }).click();
  await page.getByText('waiting for a second administrator').waitFor();
  await shoot(page, 'admin-payouts-waiting');
  // An invitation and a removal wait beside the run (decision 0038): a member's email is refused, another address
  // waits for approval; the removal of the maker administrator takes effect after its notice unless declined.
  await page.goto(`${baseURL}/makeadmin`, { waitUntil: 'load' });
  await ready(page);
  await page.getByLabel('Full names').fill('Ifeoma Obi');
  await page.getByLabel('Email for the administrator account').fill(sponsor.email);
  await page.getByRole('button', { name: 'Ask to invite' }).click();
  await page.getByText('already has an account on the platform').waitFor();
  await shoot(page, 'admin-makeadmin-member-refused');
  await page.getByLabel('Email for the administrator account').fill('ifeoma.admin@example.com');
  await page.getByRole('button', { name: 'Ask to invite' }).click();
  await page.getByTestId('invitation-waiting').waitFor();
  const removing = page.getByTestId('administrator').filter({ hasText: MAKER_ADMIN.email });
  await removing.getByRole('button', { name: 'Remove administrator' }).click();
  await page.getByRole('button', { name: 'Confirm: ask to remove' }).click();
  await page.getByTestId('administrator-removal').waitFor();
  await shoot(page, 'admin-makeadmin-removal-notice');
  await page.goto(`${baseURL}/adminapprovals`, { waitUntil: 'load' });
  await ready(page);
  await page.getByTestId('removal-notice').waitFor();
  const run = page.getByTestId('approval').filter({ hasText: 'Payout run' });
  if ((await run.getByRole('button', { name: 'Approve' }).count()) > 0) {
    await run.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('You asked for this yourself').waitFor();
  }
  await shoot(page, 'admin-approvals');
  // The administrator the removal concerns sees Object where the others see Approve and Decline, and objects.
  const target = await browser.newContext({ reducedMotion: 'reduce' });
  const targetPage = await target.newPage();
  await targetPage.goto(`${baseURL}/admin`, { waitUntil: 'load' });
  await ready(targetPage);
  await targetPage.getByLabel('Email').fill(MAKER_ADMIN.email);
  await targetPage.getByLabel('Password').fill(MAKER_ADMIN.password);
  await targetPage.getByRole('button', { name: 'Login' }).click();
  await targetPage.getByTestId('toast').waitFor();
  await targetPage.waitForURL('**/admindashboard');
  await targetPage.goto(`${baseURL}/adminapprovals`, { waitUntil: 'load' });
  await ready(targetPage);
  const notice = targetPage.getByTestId('approval').filter({ has: targetPage.getByTestId('removal-notice') });
  await notice.getByRole('button', { name: 'Object' }).click();
  await notice.getByLabel('Why do you object?').fill('I am on leave until Monday, not leaving the company.');
  await notice.getByRole('button', { name: 'Send my objection' }).click();
  await notice.getByTestId('removal-objection').waitFor();
  await shoot(targetPage, 'admin-approvals-removal-objected');
  await target.close();
  await approveAsChecker(baseURL, 'payout_run');
  await page.goto(`${baseURL}/adminpayouts`, { waitUntil: 'load' });
  await ready(page);
  await page.getByTestId('payout-run').first().getByRole('link').click();
  await page.waitForURL(/\/adminpayouts\/\d+$/);
  await ready(page);
  await page.getByTestId('run-payout').first().waitFor();
  await page.waitForTimeout(1500);
  await page.reload({ waitUntil: 'load' });
  await ready(page);
  await shoot(page, 'admin-payout-run');

  for (const [name, path] of [
    ['adminawards', '/adminawards'],
    ['admingrants', '/admingrants'],
    ['adminmessages', '/adminmessages'],
    ['adminaudit', '/adminaudit'],
  ]) {
    await page.goto(baseURL + path, { waitUntil: 'load' });
    await ready(page);
    await shoot(page, `admin-${name}`);
  }

  await page.goto(`${baseURL}/adminsecurity`, { waitUntil: 'load' });
  await ready(page);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await page.getByTestId('totp-qr').locator('svg').waitFor();
  await shoot(page, 'admin-security-enrol');

  // Dark mode, and the drawer on a phone.
  await page.goto(`${baseURL}/admindashboard`, { waitUntil: 'load' });
  await ready(page);
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await page.getByTestId('latest-transaction').first().waitFor();
  await shoot(page, 'admin-dashboard-dark');
  await page.goto(`${baseURL}/mainadmincashout`, { waitUntil: 'load' });
  await ready(page);
  await page.getByRole('button', { name: 'Record Main cash payout' }).click();
  await shoot(page, 'admin-mainadmincashout-dark');
  await page.setViewportSize({ width: 360, height: 780 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.screenshot({ path: `${outDir}/admin-drawer-dark-360.png` });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await context.close();
}
