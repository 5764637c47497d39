import { formatNaira, lastStage, stageName } from '@coop/core';
import type { CurrentPlans } from '@coop/core/page-data';

export interface FaqEntry {
  question: string;
  answer: string;
}

/**
 * The 14 questions, answered from the spec's facts and the plan version in force (the page's plans block, which the
 * server writes into every page): a prospect reads what a position placed today is promised (decision 0059).
 */
export function faqEntries(plans: CurrentPlans): FaqEntry[] {
  const main = plans.main;
  const wb = plans.welcomeback;
  const mainStages = main.stages.map((s) => s.name).join(', ');
  const wbStages = wb.stages.map((s) => s.name).join(', ');
  return [
    {
      question: 'What does the cooperative do?',
      answer:
        'We offer business training and management, health and lifestyle training, industrial and agro-economic workshops and seminars, start-up and growth capital in partnership with the company, and social services.',
    },
    {
      question: 'Who can join?',
      answer:
        'Business people, professionals, civil servants, students, and skilled and unskilled workers: any legal person with a bank account or payment card who accepts the terms and pays the registration fee in full.',
    },
    {
      question: 'What is the difference between the two platforms?',
      answer: `The ${main.name} is for members and costs ${formatNaira(main.feeKobo)}. The ${wb.name} is for students in tertiary institutions, low-income workers, apprentices and others with financial goals, and costs ${formatNaira(wb.feeKobo)}.`,
    },
    {
      question: 'How much does it cost to register?',
      answer: `${formatNaira(main.feeKobo)} for the ${main.name} and ${formatNaira(wb.feeKobo)} for the ${wb.name}, paid once by card. Registration fees are not refundable.`,
    },
    {
      question: 'How do I register?',
      answer:
        'Choose a platform, fill in the registration form (with a referral code if someone introduced you), accept the terms, confirm your email address with the link we send you, log in and pay the fee.',
    },
    {
      question: 'When does my membership start?',
      answer:
        'Once your email address is confirmed and your fee is fully paid. You start at stage 0, Welcome.',
    },
    {
      question: 'What are the stages?',
      answer: `The ${main.name} has ${main.stages.length} stages: ${mainStages}. The ${wb.name} has ${wb.stages.length}: ${wbStages}.`,
    },
    {
      question: 'How do I move up a stage?',
      answer: `Each member introduces ${main.directReferralsPerStage} new members per stage. The people you introduce, and the people they introduce, fill your matrix two under each place, level by level; when your matrix and your referrals are complete for a stage, you move up automatically.`,
    },
    {
      question: 'What is the referral bonus?',
      answer: `${formatNaira(main.referralBonusKobo)} on the ${main.name} and ${formatNaira(wb.referralBonusKobo)} on the ${wb.name} for each of the first ${main.referralBonusCap} people you introduce who pay their fee.`,
    },
    {
      question: 'What other bonuses and awards are there?',
      answer:
        'Each completed stage pays an activities (matrix) bonus and a graduating bonus, and higher stages carry awards such as a laptop, a gift, a car, an SUV, housing and domestic appliances. The Main and Welcome Back pages list every amount.',
    },
    {
      question: 'Can awards be paid in cash?',
      answer: 'No. Awards are given in kind and cannot be converted to cash.',
    },
    {
      question: 'When and how are bonuses paid?',
      answer:
        'Bonuses are paid monthly, on a set day, into the bank account you save in your dashboard once we have verified it.',
    },
    {
      question: 'What happens after the last stage?',
      answer: `A ${main.name} member who completes ${stageName(main, lastStage(main))} becomes a ${main.graduateTitle}${main.grant ? `; members at stage ${main.grant.stage} may also apply for a grant of up to ${formatNaira(main.grant.ceilingKobo)}` : ''}. A participant who finishes ${stageName(wb, lastStage(wb))} may register again for ${formatNaira(wb.feeKobo)}.`,
    },
    {
      question: 'How do I close my account or make a complaint?',
      answer:
        'Write to us from the Contact Us page. A closure takes effect within 7 business days after we confirm it by email, and we aim to resolve complaints within 14 days.',
    },
  ];
}
