import type { Programme } from '@coop/core';

/** Everything that differs between the two programmes' member areas: names, places and calls. */
export interface MemberArea {
  programme: Programme;
  name: string;
  /** What the spec calls a paid registrant of this programme. */
  person: 'member' | 'participant';
  paths: {
    dashboard: string;
    bankDetails: string;
    payment: string;
    password: string;
    referral: string;
    wallet: string;
    matrix: string;
    awards: string;
    grant: string;
    close: string;
    notifications: string;
    mailSettings: string;
    myData: string;
    plan: string;
    signin: string;
    signup: string;
    updateSuccess: string;
    passwordChanged: string;
  };
  calls: { payment: string; bankDetails: string };
}

export const memberAreas: Record<Programme, MemberArea> = {
  main: {
    programme: 'main',
    name: 'Membership (Main) Platform',
    person: 'member',
    paths: {
      dashboard: '/maindashboard',
      bankDetails: '/mainbankdetails',
      payment: '/mainpaystack',
      password: '/mainupdatepassword',
      referral: '/mainreferralcode',
      wallet: '/mainwallet',
      matrix: '/mainmatrix',
      awards: '/mainawards',
      grant: '/maingrant',
      close: '/mainclose',
      notifications: '/mainnotifications',
      mailSettings: '/mainmailsettings',
      myData: '/maindata',
      plan: '/mainplan',
      signin: '/mainsignin',
      signup: '/mainsignup',
      updateSuccess: '/mainupdatesuccess',
      passwordChanged: '/mainresetpasswordconfirmation',
    },
    calls: { payment: '/auth/process-payment', bankDetails: '/auth/register' },
  },
  welcomeback: {
    programme: 'welcomeback',
    name: 'Welcome Back Platform',
    person: 'participant',
    paths: {
      dashboard: '/welcomebackdashboard',
      bankDetails: '/welcomebackbankdetails',
      payment: '/welcomepaystack',
      password: '/welcomebackupdatepassword',
      referral: '/welcomebackreferralcode',
      wallet: '/welcomebackwallet',
      matrix: '/welcomebackmatrix',
      awards: '/welcomebackawards',
      grant: '/welcomebackgrant',
      close: '/welcomebackclose',
      notifications: '/welcomebacknotifications',
      mailSettings: '/welcomebackmailsettings',
      myData: '/welcomebackdata',
      plan: '/welcomebackplan',
      signin: '/welcomebacksignin',
      signup: '/welcomebacksignup',
      updateSuccess: '/welcomebackupdatesuccess',
      passwordChanged: '/welcomebackresetpasswordconfirmation',
    },
    calls: { payment: '/auth/welcomepaystack', bankDetails: '/auth/bankdetails' },
  },
};
