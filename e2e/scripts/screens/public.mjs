// Screenshots of every public page (the platform's public site and its sign-in and sign-up screens).
const pages = [
  ['home', '/'],
  ['about', '/about'],
  ['contact', '/contact'],
  ['getstarted', '/getstarted'],
  ['payment', '/payment'],
  ['terms', '/terms'],
  ['faq', '/faq'],
  ['main', '/main'],
  ['welcomeback', '/welcomeback'],
  ['mainsignin', '/mainsignin'],
  ['mainsignup', '/mainsignup?ref=SHARE123'],
  ['mainforgotpassword', '/mainforgotpassword'],
  ['mainresetpassword', '/mainresetpassword?token=screenshot-token-0123456789'],
  ['mainresetpasswordconfirmation', '/mainresetpasswordconfirmation'],
  ['mainsuccess', '/mainsuccess'],
  ['mainupdatesuccess', '/mainupdatesuccess'],
  ['welcomebacksignin', '/welcomebacksignin'],
  ['welcomebacksignup', '/welcomebacksignup'],
  ['welcomebackforgotpassword', '/welcomebackforgotpassword'],
  ['welcomebackresetpassword', '/welcomebackresetpassword?token=screenshot-token-0123456789'],
  ['welcomebackresetpasswordconfirmation', '/welcomebackresetpasswordconfirmation'],
  ['welcomebacksuccess', '/welcomebacksuccess'],
  ['welcomebackupdatesuccess', '/welcomebackupdatesuccess'],
  ['admin', '/admin'],
  ['confirmemail-invalid', '/confirmemail?token=not-a-real-confirmation-token'],
  ['not-found', '/no-such-page'],
];

export default async function publicScreens({ browser, baseURL, shoot, outDir }) {
  // Reduced motion keeps the carousels on their first slide, so every run gives the same pictures.
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  for (const [name, path] of pages) {
    await page.goto(baseURL + path, { waitUntil: 'load' });
    await page.locator('#boot-loader').waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await shoot(page, `public-${name}`);
  }

  // The forms with their messages showing, and the open menu on a phone.
  await page.goto(`${baseURL}/mainsignup`, { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByText('Enter your Full Names').waitFor();
  await shoot(page, 'public-mainsignup-errors');

  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`${baseURL}/`, { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.screenshot({ path: `${outDir}/public-menu-open-360.png` });
  await context.close();
}
