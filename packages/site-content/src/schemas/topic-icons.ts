import { z } from 'zod';

/**
 * The icons a service or industry card may show. The web app draws each one (its `Icon`
 * takes these names), so a name added here without a drawing fails the web's typecheck.
 */
export const topicIconNames = [
  'mail',
  'claims',
  'policy',
  'billing',
  'puzzle',
  'document',
  'printer',
  'inbox',
  'sliders',
  'scale',
  'chart',
  'headset',
  'folder',
  'briefcase',
  'desktop',
  'package',
  'window',
  'people',
  'megaphone',
  'archive',
  'compass',
  'code',
  'server',
  'cloud',
  'shield',
  'calendar',
  'gear',
  'database',
  'checkCircle',
  'core',
  'truck',
  'bolt',
  'wrench',
  'trend',
  'lock',
] as const;
export const topicIconSchema = z.enum(topicIconNames);
export type TopicIconName = z.infer<typeof topicIconSchema>;
