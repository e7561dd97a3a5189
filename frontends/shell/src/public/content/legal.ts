import { AUTH_COOKIE_DAYS, EU_COUNTRY_CODES } from '@platform/contracts';
import { PRODUCT } from '@platform/ui';
import { AGENT_PRIVACY_PATH } from '../public-nav';
import type { ContentPageData } from './types';

const UPDATED = '2025-01-15';
const name = PRODUCT.name;
const email = PRODUCT.supportEmail;

/** Legal pages of spec 2.1. Plain statements of how the platform works; counsel reviews before launch. */
export const LEGAL_PAGES: ContentPageData[] = [
  {
    path: '/legal/about',
    title: 'About Us',
    lead: `${name} is a platform for building and running AI chat and voice agents, used directly by businesses and resold by agencies under their own brand.`,
    sections: [
      {
        heading: 'What we build',
        paragraphs: [
          'Agents that answer customers on websites, WhatsApp, Instagram, Messenger, Discord, Telegram and the phone, trained on each business’s own knowledge.',
          'Agencies get a white label client dashboard: their logo, colours, domain and e-mail, with clients who see only the pages the agency allows.',
        ],
      },
      {
        heading: 'Where your data lives',
        paragraphs: ['Each workspace chooses a data region, the EU or North America. The two regions have separate databases, and a workspace’s data stays in its region.'],
      },
    ],
    updated: UPDATED,
  },
  {
    path: '/legal/tos',
    title: 'Terms of Service',
    lead: `These terms govern your use of ${name}. By creating an account you accept them.`,
    sections: [
      { heading: 'Your account', paragraphs: ['Accounts are created on first sign-in. You are responsible for the activity in your workspaces and for keeping workspace secrets and API keys private.'] },
      {
        heading: 'Acceptable use',
        bullets: [
          'Do not use agents to send spam, deceive people or impersonate others',
          'Tell people they are talking to an AI agent where the law requires it',
          'Follow the rules of each channel you connect (WhatsApp, Meta, Discord, Telegram, Twilio)',
          'Do not upload content you have no right to use as agent knowledge',
        ],
      },
      { heading: 'Credits and billing', paragraphs: ['Usage is paid with credits. Plans, add-ons and credit purchases are billed through Stripe in advance; prices are shown before you pay.'] },
      { heading: 'Agencies', paragraphs: ['Agencies that resell the platform are responsible for their own clients and must pass these terms on to them.'] },
      { heading: 'Availability and changes', paragraphs: ['We work to keep the service available but do not guarantee uninterrupted service. We announce material changes to these terms by e-mail before they apply.'] },
    ],
    updated: UPDATED,
  },
  {
    path: '/legal/refund-policy',
    title: 'Refund Policy',
    lead: 'We want you to pay only for what is useful to you.',
    sections: [
      { heading: 'Subscriptions', paragraphs: ['You can cancel a plan or add-on at any time; it stays active until the end of the paid period. Unused time is not refunded, except where the law requires it.'] },
      { heading: 'Credits', paragraphs: ['Purchased credits do not expire while your account is open. Unused credits bought in the last 14 days can be refunded on request.'] },
      { heading: 'How to ask', paragraphs: [`Write to ${email} from the account’s e-mail address with the invoice number. We answer within five business days.`] },
    ],
    updated: UPDATED,
  },
  {
    path: '/legal/cookie-policy',
    title: 'Cookie Policy',
    lead: 'We use as few cookies as we can.',
    sections: [
      { heading: 'Strictly necessary', bullets: [`A session cookie that keeps you signed in for up to ${AUTH_COOKIE_DAYS} days`, 'Security cookies that protect forms and sign-in'] },
      { heading: 'Local storage', paragraphs: ['The app remembers your chosen workspace, light or dark mode, navigation layout and dismissed hints in your browser. Nothing of this is sent to third parties.'] },
      { heading: 'Referral', paragraphs: ['If you arrive from a partner link, the referral code and campaign source are stored so the partner can be credited when you sign up.'] },
    ],
    updated: UPDATED,
  },
  {
    path: '/legal/contact',
    title: 'Contact',
    lead: 'We are here to help with your agents, your account and your agency.',
    sections: [
      { heading: 'Support', paragraphs: [`E-mail ${email}. Include your workspace name and region (EU or NA) so we can find your data quickly.`] },
      { heading: 'Community', paragraphs: ['Join our Discord to ask questions, share agent setups and hear about new features first.'] },
      { heading: 'Sales and partnerships', paragraphs: ['For enterprise volumes, custom limits or agency partnerships, contact us by e-mail and we will set up a call.'] },
    ],
  },
  {
    path: '/legal/gdpr',
    title: 'GDPR and Security',
    lead: 'How we protect personal data and meet the General Data Protection Regulation.',
    sections: [
      {
        heading: 'Data regions',
        paragraphs: [
          `Workspaces in the EU region store their data in the European Union (${EU_COUNTRY_CODES.length} member states’ rules apply). Workspaces in the NA region store data in North America.`,
        ],
      },
      {
        heading: 'Roles',
        paragraphs: ['For the conversations your agents hold, you are the controller and we are the processor. A data processing agreement is available on request.'],
      },
      {
        heading: 'Security measures',
        bullets: [
          'Encryption in transit (TLS) and at rest',
          'Sign-in with one-time codes; sessions in HttpOnly cookies',
          'Workspace secrets and API keys that you can rotate',
          'Access to production data limited to staff who need it, and logged',
        ],
      },
      { heading: 'Your rights', paragraphs: [`Ask for access, correction, export or deletion of your data at ${email}. We answer within 30 days.`] },
    ],
    updated: UPDATED,
  },
  {
    path: '/legal/privacy-policy',
    title: 'Privacy Policy',
    lead: `What ${name} collects about account holders and visitors, and why.`,
    sections: [
      { heading: 'What we collect', bullets: ['Your e-mail address and profile (name, photo) for your account', 'Workspace and billing details; card data stays with Stripe', 'Usage data to run, secure and improve the service'] },
      { heading: 'Why', paragraphs: ['To provide the service you signed up for, to bill it, to keep it secure, and to tell you about changes. We do not sell personal data.'] },
      { heading: 'Processors', paragraphs: ['We use hosting providers in the EU and North America, Stripe for payments and an e-mail provider for sign-in codes and notices.'] },
      { heading: 'Agent conversations', paragraphs: [`Data your agents process is covered by the AI Agents Privacy Policy at ${AGENT_PRIVACY_PATH}.`] },
    ],
    updated: UPDATED,
  },
  {
    path: AGENT_PRIVACY_PATH,
    title: 'AI Agents Privacy Policy',
    lead: 'How conversations with agents built on the platform are handled, for the people who talk to them.',
    sections: [
      { heading: 'Who is responsible', paragraphs: ['The business or agency running the agent decides what it does with your messages. We process them on its behalf.'] },
      { heading: 'What is processed', bullets: ['Messages, voice call audio and transcripts', 'Contact details you share, such as a name, phone number or e-mail', 'The channel you used (website, WhatsApp, Instagram, Messenger, Discord, Telegram or phone)'] },
      { heading: 'AI models', paragraphs: ['Messages are sent to language and speech models to produce answers. They are not used to train shared models.'] },
      { heading: 'Retention', paragraphs: ['Conversations are kept for as long as the business running the agent keeps its workspace, or until it deletes them.'] },
    ],
    updated: UPDATED,
  },
];
