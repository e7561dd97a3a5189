import type { AgentTemplate } from '@platform/contracts';
import { linearFlow } from './nodes';

/** Templates of the 'Utility' tab: short node flows, and the blank starting point. */

export const confirmEmail: AgentTemplate = {
  key: 'confirm-email',
  name: 'Confirm Email',
  description: 'Collects an e-mail address, reads it back and confirms it before finishing.',
  icon: '✉️',
  template: {
    agentPlatform: 'vg',
    enableNodes: true,
    description: 'Collects and confirms an e-mail address.',
    proactiveMessage: 'Hi! Let me get your e-mail address. ✉️',
    vg_temperature: 0.2,
    vg_systemPrompt: 'You collect and confirm e-mail addresses. Be brief and polite. Never continue with an address the person has not confirmed.',
    vg_initMessages: ['Hi! 👋', 'What e-mail address should we use to reach you?'],
    nodes: linearFlow({
      start: { message: 'Hi! What e-mail address should we use to reach you?' },
      steps: [
        {
          id: 'ask-email',
          label: 'Ask for the e-mail',
          prompt:
            'Ask for the e-mail address. If the answer is not a valid address (name@domain.tld), explain what is wrong and ask again. Store it as {email}.',
        },
        {
          id: 'confirm-email',
          label: 'Confirm the e-mail',
          prompt:
            'Spell the address back exactly as {email} and ask "Is this correct?". If the person says no, go back to asking for the e-mail; if yes, continue.',
        },
      ],
      end: { message: 'Thank you! Your e-mail address is confirmed. ✅' },
      notes: ['Use {email} in later nodes or send it to your CRM with a tool once it is confirmed.'],
    }),
  },
};

export const makeAppointment: AgentTemplate = {
  key: 'make-appointment',
  name: 'Make Appointment',
  description: 'Books an appointment: service, preferred date and time, contact details, then a summary to confirm.',
  icon: '📅',
  template: {
    agentPlatform: 'vg',
    enableNodes: true,
    description: 'Books appointments.',
    proactiveMessage: 'Would you like to book an appointment? 📅',
    vg_temperature: 0.3,
    vg_systemPrompt:
      'You book appointments. Ask one question at a time, accept natural dates ("next Tuesday afternoon") and restate them as a full date and time. ' +
      'Never claim a slot is confirmed: the team confirms every request.',
    vg_initMessages: ['Hi! 👋', 'I can book an appointment for you. What would you like to come in for?'],
    nodes: linearFlow({
      start: { message: 'Hi! I can book an appointment for you. What would you like to come in for?' },
      steps: [
        { id: 'service', label: 'Service', prompt: 'Ask which service the appointment is for. Store it as {service}.' },
        {
          id: 'date-time',
          label: 'Date and time',
          prompt: 'Ask for the preferred date and time, and a second option. Restate them as full dates with times. Store them as {slots}.',
        },
        {
          id: 'contact',
          label: 'Contact details',
          prompt: 'Ask for the full name and a phone number or e-mail address. Store them as {name} and {contact}.',
        },
        {
          id: 'summary',
          label: 'Confirm the request',
          prompt: 'Summarise {service}, {slots}, {name} and {contact} and ask whether everything is correct. Fix anything the person corrects.',
        },
      ],
      end: { message: 'Your request is in! We will confirm your appointment shortly. 📅' },
      notes: ['Connect a calendar or webhook tool to the summary node to create the booking automatically.'],
    }),
  },
};

export const blankTemplate: AgentTemplate = {
  key: 'blank-template',
  name: 'Blank Template',
  description: 'An empty canvas with a start and an end node: build your own flow.',
  icon: '📄',
  template: {
    agentPlatform: 'vg',
    enableNodes: true,
    nodes: linearFlow({
      start: { message: 'Hi, how can I help you today? 👋' },
      steps: [],
      end: { message: 'Thanks for chatting with us!' },
      notes: ['Add default nodes between Start and End to build the conversation.'],
    }),
  },
};
