import { AGENT_TEMPLATE_CATEGORIES, AGENT_TEMPLATE_KEYS, type AgentTemplate } from '@platform/contracts';
import { gameNpc } from './entertainment';
import { customerSupport, healthCareAgent, realEstateAgent } from './support';
import { blankTemplate, confirmEmail, makeAppointment } from './utility';

/** The seven templates of the New Agent drawer, in the order of its tabs. */
export const AGENT_TEMPLATES: readonly AgentTemplate[] = [customerSupport, realEstateAgent, healthCareAgent, confirmEmail, makeAppointment, blankTemplate, gameNpc];

/** The picker's tabs ('Or Choose a Template'): All Templates, then the spec's categories. */
export const TEMPLATE_TABS: ReadonlyArray<{ label: string; keys: readonly string[] }> = [
  { label: 'All Templates', keys: AGENT_TEMPLATE_KEYS },
  ...Object.entries(AGENT_TEMPLATE_CATEGORIES).map(([label, keys]) => ({ label, keys })),
];

export const findTemplate = (key: string) => AGENT_TEMPLATES.find((template) => template.key === key);
