import type { Programme } from '@coop/core';

/** Everything that differs between the two programmes' authentication screens: titles, calls and places. */
export interface ProgrammeScreens {
  programme: Programme;
  name: string;
  loginTitle: string;
  resetTitle: string;
  calls: { signup: string; login: string; forgot: string; reset: string };
  paths: {
    signin: string;
    signup: string;
    forgot: string;
    reset: string;
    resetDone: string;
    success: string;
    dashboard: string;
    payment: string;
  };
}

export const programmeScreens: Record<Programme, ProgrammeScreens> = {
  main: {
    programme: 'main',
    name: 'Membership (Main) Platform',
    loginTitle: 'Membership (Main) Platform Login',
    resetTitle: 'MAIN PLATFORM PASSWORD RESET',
    calls: {
      signup: '/auth/signup',
      login: '/auth/login',
      forgot: '/auth/reset',
      reset: '/auth/resetpassword',
    },
    paths: {
      signin: '/mainsignin',
      signup: '/mainsignup',
      forgot: '/mainforgotpassword',
      reset: '/mainresetpassword',
      resetDone: '/mainresetpasswordconfirmation',
      success: '/mainsuccess',
      dashboard: '/maindashboard',
      payment: '/mainpaystack',
    },
  },
  welcomeback: {
    programme: 'welcomeback',
    name: 'Welcome Back Platform',
    loginTitle: 'Welcome Back Platform Login',
    resetTitle: 'WELCOME BACK PLATFORM PASSWORD RESET',
    calls: {
      signup: '/auth/welcome',
      login: '/auth/loginwelc',
      forgot: '/auth/welcomereset',
      reset: '/auth/welcresetpassword',
    },
    paths: {
      signin: '/welcomebacksignin',
      signup: '/welcomebacksignup',
      forgot: '/welcomebackforgotpassword',
      reset: '/welcomebackresetpassword',
      resetDone: '/welcomebackresetpasswordconfirmation',
      success: '/welcomebacksuccess',
      dashboard: '/welcomebackdashboard',
      payment: '/welcomepaystack',
    },
  },
};
