/** The client's screens that mailed links open (DESIGN section 7). */
export const clientPages = {
  confirmEmail: '/confirmemail',
  resetPassword: { main: '/mainresetpassword', welcomeback: '/welcomebackresetpassword' },
  signIn: { main: '/mainsignin', welcomeback: '/welcomebacksignin' },
} as const;
