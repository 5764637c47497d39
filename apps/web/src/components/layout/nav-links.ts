export const navLinks = [
  { to: '/', label: 'HOME' },
  { to: '/about', label: 'ABOUT US' },
  { to: '/main', label: 'MAIN PLATFORM' },
  { to: '/welcomeback', label: 'WELCOME BACK PLATFORM' },
  { to: '/getstarted', label: 'SIGN UP' },
  { to: '/contact', label: 'CONTACT US' },
  { to: '/payment', label: 'MAKE PAYMENT' },
] as const;

/** Returning members sign in here: Main first; the phone menu and the Main sign-in page offer Welcome Back too. */
export const loginLinks = {
  main: { to: '/mainsignin', label: 'LOGIN' },
  welcomeback: { to: '/welcomebacksignin', label: 'WELCOME BACK LOGIN' },
} as const;

export const footerLinks = [
  { to: '/about', label: 'About' },
  { to: '/main', label: 'Main platform' },
  { to: '/welcomeback', label: 'Welcome Back' },
  { to: '/getstarted', label: 'Sign up' },
  { to: '/contact', label: 'Contact' },
  { to: '/payment', label: 'Payment' },
  { to: '/terms', label: 'Terms' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/faq', label: 'FAQs' },
  { to: '/income-disclosure', label: 'Income disclosure' },
] as const;
