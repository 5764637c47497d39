/**
 * Paystack's Nigerian bank list (GET /bank?country=nigeria) as the sandbox serves it: commercial, merchant,
 * mortgage and microfinance banks and the common fintechs, with Paystack's own `code` strings (leading zeros and
 * letters kept). Sources: Paystack's documented sample (paystack.com/docs/api/miscellaneous/#bank: Abbey 801,
 * Coronation 559, Infinity MFB 50457, Paycom/OPay 999992, Petra 50746) and Paystack's live list as captured in
 * public integrations. The platform never relies on this table: it asks the provider for its list.
 * [name, code, active]
 */
export const PAYSTACK_NIGERIAN_BANKS: readonly (readonly [string, string, boolean?])[] = [
  // Commercial and non-interest banks.
  ['Access Bank', '044'],
  ['Access Bank (Diamond)', '063'],
  ['ALAT by WEMA', '035A'],
  ['Citibank Nigeria', '023'],
  ['Ecobank Nigeria', '050'],
  ['Fidelity Bank', '070'],
  ['First Bank of Nigeria', '011'],
  ['First City Monument Bank', '214'],
  ['Globus Bank', '00103'],
  ['Guaranty Trust Bank', '058'],
  // Licence revoked by the CBN in June 2024: Paystack lists it inactive.
  ['Heritage Bank', '030', false],
  ['Jaiz Bank', '301'],
  ['Keystone Bank', '082'],
  ['Lotus Bank', '303'],
  ['Optimus Bank Limited', '00107'],
  ['Parallex Bank', '104'],
  ['Polaris Bank', '076'],
  ['PremiumTrust Bank', '105'],
  ['Providus Bank', '101'],
  ['Signature Bank Ltd', '106'],
  ['Stanbic IBTC Bank', '221'],
  ['Standard Chartered Bank', '068'],
  ['Sterling Bank', '232'],
  ['SunTrust Bank', '100'],
  ['TAJ Bank', '302'],
  ['Titan Bank', '102'],
  ['Union Bank of Nigeria', '032'],
  ['United Bank For Africa', '033'],
  ['Unity Bank', '215'],
  ['Wema Bank', '035'],
  ['Zenith Bank', '057'],
  // Merchant and mortgage banks.
  ['Abbey Mortgage Bank', '801'],
  ['Coronation Merchant Bank', '559'],
  ['FSDH Merchant Bank Limited', '501'],
  ['Greenwich Merchant Bank', '562'],
  ['Lagos Building Investment Company Plc.', '90052'],
  ['Nova Bank', '561'],
  ['Rand Merchant Bank', '502'],
  // Fintechs and microfinance banks.
  ['Amju Unique MFB', '50926'],
  ['Bainescredit MFB', '51229'],
  ['Carbon', '565'],
  ['CEMCS Microfinance Bank', '50823'],
  ['Eyowo', '50126'],
  ['FairMoney Microfinance Bank', '51318'],
  ['Firmus MFB', '51314'],
  ['GoMoney', '100022'],
  ['Hackman Microfinance Bank', '51251'],
  ['Hasal Microfinance Bank', '50383'],
  ['Ibile Microfinance Bank', '51244'],
  ['Infinity MFB', '50457'],
  ['Kredi Money MFB LTD', '50200'],
  ['Kuda Bank', '50211'],
  ['Links MFB', '50549'],
  ['Mayfair MFB', '50563'],
  ['Mint MFB', '50304'],
  ['Moniepoint MFB', '50515'],
  ['Paga', '100002'],
  ['PalmPay', '999991'],
  ['Parkway - ReadyCash', '311'],
  ['Paycom', '999992'],
  ['Petra Mircofinance Bank Plc', '50746'],
  ['QuickFund MFB', '51293'],
  ['Rephidim Microfinance Bank', '50994'],
  ['Rubies MFB', '125'],
  ['Safe Haven MFB', '51113'],
  ['Sparkle Microfinance Bank', '51310'],
  ['Stellas MFB', '51253'],
  ['Tangerine Money', '51269'],
  ['TCF MFB', '51211'],
  ['Unical MFB', '50871'],
  ['VFD Microfinance Bank Limited', '566'],
];

export interface SandboxBank {
  id: number;
  name: string;
  slug: string;
  code: string;
  active: boolean;
}

/** Numbered as Paystack numbers its banks; served newest (highest id) first, as Paystack's list is. */
export const SANDBOX_BANKS: readonly SandboxBank[] = PAYSTACK_NIGERIAN_BANKS.map(
  ([name, code, active], index) => ({
    id: index + 1,
    name,
    slug: name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    code,
    active: active ?? true,
  }),
).reverse();

export const findSandboxBank = (code: string) => SANDBOX_BANKS.find((bank) => bank.code === code);
