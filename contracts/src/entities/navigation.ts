import Joi from 'joi';
import { TEXT_LIMITS } from '../constants/text-limits';
import { name, text } from './common';

/** A tab or sub-tab the navigation search can find. */
export interface TabDefinition {
  label: string;
  href: string;
  desc?: string;
  index?: number;
}
export const tabDefinitionSchema = Joi.object<TabDefinition, true>({
  label: name().required(),
  href: Joi.string().max(TEXT_LIMITS.url).required(),
  desc: text(TEXT_LIMITS.shortText),
  index: Joi.number().integer().min(0),
});
