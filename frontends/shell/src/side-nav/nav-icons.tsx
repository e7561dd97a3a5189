import {
  IconBrandMeta,
  IconBrandWhatsapp,
  IconBuildingStore,
  IconCalendarEvent,
  IconHistory,
  IconKey,
  IconListDetails,
  IconPhone,
  IconPlug,
  IconRobot,
  IconSpider,
  IconUsers,
} from '@platform/ui';

/** Icon of each navigation item (nav-structure.ts stays free of components for its tests). */
export const NAV_ICONS: Record<string, typeof IconRobot> = {
  agents: IconRobot,
  functions: IconPlug,
  meta: IconBrandMeta,
  whatsapp: IconBrandWhatsapp,
  phone: IconPhone,
  crawler: IconSpider,
  events: IconCalendarEvent,
  sessions: IconHistory,
  prompts: IconListDetails,
  agency: IconBuildingStore,
  clients: IconUsers,
  credentials: IconKey,
};
