import { DEFAULT_PLAN_LIMITS, WHITELABEL } from '@platform/contracts';
import { PRODUCT } from '@platform/ui';
import type { ContentPageData } from './types';

const SIGNUP = { label: 'Get free plan now', href: '/signup' };

/** Marketing pages of spec 2.1 (the home page and pricing have their own components). */
export const MARKETING_PAGES: ContentPageData[] = [
  {
    path: '/voice-agent',
    title: 'AI voice agents that answer every call',
    lead: `Give your business a phone agent that picks up instantly, speaks naturally and knows your products. ${PRODUCT.name} connects a voice agent to a phone number in minutes.`,
    sections: [
      {
        heading: 'What a voice agent does',
        bullets: [
          'Answers inbound calls around the clock, with no hold music and no missed calls',
          'Books appointments, qualifies leads and answers questions from your knowledge base',
          'Hands the caller over to a human when a request needs one',
          'Places outbound calls for reminders and follow-ups',
        ],
      },
      {
        heading: 'Built for real conversations',
        paragraphs: [
          'Choose a voice from the voice library, tune speech generation and the transcriber, and test the agent with a call from your browser before you connect it to a number.',
          `Every plan includes up to ${DEFAULT_PLAN_LIMITS.maxConcurrentCalls} concurrent calls; add call lines when you grow.`,
        ],
      },
      {
        heading: 'Phone numbers',
        paragraphs: ['Connect your Twilio numbers or buy a number slot as an add-on. Each number routes to the agent of your choice.'],
      },
    ],
    cta: SIGNUP,
  },
  {
    path: '/chatbot',
    title: 'An AI chatbot for your website',
    lead: 'Add a chat agent to your site with one script tag. It answers from your own content, captures leads and passes hard questions to your team.',
    sections: [
      {
        heading: 'Three ways to embed',
        bullets: [
          'A popup widget in the bottom-right corner of every page',
          'An embedded chat that fills a container on a landing or help page',
          'An iframe for tools that only accept a URL',
        ],
      },
      {
        heading: 'Trained on your business',
        paragraphs: [
          'Point the crawler at your website or upload documents; the agent answers from that knowledge and cites it. Update the sources at any time and the agent follows.',
        ],
      },
      {
        heading: 'Leads and analytics',
        paragraphs: ['Conversations, captured leads and analytics live in one dashboard, so you can see what customers ask and where the agent needs more knowledge.'],
      },
    ],
    cta: SIGNUP,
  },
  {
    path: '/whatsapp',
    title: 'AI agents on WhatsApp',
    lead: 'Reply to every WhatsApp message in seconds. Connect your WhatsApp Business number and let an AI agent handle questions, bookings and orders.',
    sections: [
      {
        heading: 'How it works',
        bullets: [
          'Connect a WhatsApp Business number from the WhatsApp numbers page',
          'Pick the agent that answers on that number',
          'Send approved message templates for notifications and follow-ups',
          'Take over any conversation yourself from the chats view',
        ],
      },
      {
        heading: 'One agent, every channel',
        paragraphs: ['The same agent can also answer on Instagram, Messenger, Discord, Telegram, your website and by phone, with one knowledge base and one inbox.'],
      },
    ],
    cta: SIGNUP,
  },
  {
    path: '/demo',
    title: 'See an agent in action',
    lead: 'Every agent has a demo page you can share: a live preview where anyone can chat with or call the agent before it goes on your site.',
    sections: [
      {
        heading: 'Try it yourself',
        paragraphs: [
          'Sign up for free, enter your website, and onboarding builds a first agent with your brand colours and knowledge. You get a shareable demo link at the end.',
        ],
      },
      {
        heading: 'For agencies',
        paragraphs: ['With a verified agency domain, demo links use your own domain, so prospects only ever see your brand.'],
      },
    ],
    cta: { label: 'Build my demo agent', href: '/signup' },
  },
  {
    path: '/integrations',
    title: 'Integration list',
    lead: 'Connect your agents to the channels your customers already use and to the tools your team works in.',
    sections: [
      { heading: 'Messaging channels', bullets: ['WhatsApp Business', 'Instagram direct messages', 'Facebook Messenger', 'Discord', 'Telegram'] },
      { heading: 'Voice', bullets: ['Twilio phone numbers for inbound and outbound calls', 'Browser test calls'] },
      { heading: 'Website', bullets: ['Popup chat widget', 'Embedded chat', 'Iframe'] },
      {
        heading: 'Your systems',
        bullets: [
          'Functions: let the agent call your APIs during a conversation',
          'Events: post conversation and lead events to your own endpoint',
          'Crawler: keep the knowledge base in sync with your website',
          'Stripe: bill your own clients for credits and plans',
        ],
      },
    ],
    cta: SIGNUP,
  },
  {
    path: '/get-free-plan',
    title: 'Start free',
    lead: 'The free plan lets you build, test and share agents before you pay anything. No credit card needed.',
    sections: [
      {
        heading: 'Included in the free plan',
        bullets: [
          `${DEFAULT_PLAN_LIMITS.maxAgents} agents`,
          `${DEFAULT_PLAN_LIMITS.workspaceSeats} workspace seats`,
          `${DEFAULT_PLAN_LIMITS.maxClients} agency clients`,
          'Chat and voice agents with free starter credits',
          'A data region of your choice: EU or North America',
        ],
      },
      {
        heading: 'When you grow',
        paragraphs: [
          `Upgrade to pay as you go for more usage and add-ons, or add the white label add-on (${WHITELABEL.addonUsdPerMonth} USD per month) to resell agents under your own brand. ${WHITELABEL.trialOfferDetail}.`,
        ],
      },
    ],
    cta: SIGNUP,
  },
];
