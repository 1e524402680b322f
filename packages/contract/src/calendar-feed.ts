// A person's private calendar feed of their interviews (docs/recruiters.md, "Calendar feed").
import { z } from './zod-setup';

/**
 * The feed itself, under /api: a GET anyone holding the link may make (the token is the key),
 * answering `text/calendar`. `:token` is 43 base64url characters.
 */
export const CALENDAR_FEED_PATH = '/calendar/:token/interviews.ics';

/** The feed's path for a token (under API_BASE_PATH). */
export const calendarFeedPath = (token: string) =>
  CALENDAR_FEED_PATH.replace(':token', encodeURIComponent(token));

/** GET /recruiters/session/calendar-feed: whether you have a feed, and since when; never its link. */
export const calendarFeedSchema = z.object({
  exists: z.boolean(),
  createdAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/**
 * POST /recruiters/session/calendar-feed: a new link (any earlier one stops working), shown this
 * once: `webcalUrl` for calendar programs that subscribe by it, `url` the same over http(s).
 */
export const calendarFeedCreatedSchema = z.object({
  createdAt: z.string(),
  webcalUrl: z.string(),
  url: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;
