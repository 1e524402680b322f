import ICAL from 'ical.js';

/** An iCalendar text's one event, read by a real parser with the VTIMEZONEs it carries. */
export interface ParsedEvent {
  method: string | null;
  uid: string;
  sequence: number;
  status: string | null;
  summary: string;
  /** The start as an instant, and as the wall clock and zone it was written in. */
  start: Date;
  startLocal: { hour: number; minute: number; tzid: string };
  end: Date;
  location: string | null;
  organizer: string | null;
  attendees: string[];
}

function eventOf(calendar: ICAL.Component, vevent: ICAL.Component): ParsedEvent {
  const event = new ICAL.Event(vevent);
  const value = (name: string) => {
    const found = vevent.getFirstPropertyValue(name);
    return found === null || found === undefined ? null : String(found);
  };
  return {
    method: calendar.getFirstPropertyValue('method')?.toString() ?? null,
    uid: event.uid,
    sequence: event.sequence,
    status: value('status'),
    summary: event.summary,
    start: event.startDate.toJSDate(),
    startLocal: {
      hour: event.startDate.hour,
      minute: event.startDate.minute,
      tzid: event.startDate.zone?.tzid ?? '',
    },
    end: event.endDate.toJSDate(),
    location: value('location'),
    organizer: value('organizer'),
    attendees: vevent.getAllProperties('attendee').map((p) => String(p.getFirstValue())),
  };
}

/** Every event of a VCALENDAR, its zones registered from the text itself (none from elsewhere). */
export function parseCalendar(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(zone);
  }
  try {
    return calendar.getAllSubcomponents('vevent').map((vevent) => eventOf(calendar, vevent));
  } finally {
    for (const zone of calendar.getAllSubcomponents('vtimezone')) {
      ICAL.TimezoneService.remove(String(zone.getFirstPropertyValue('tzid')));
    }
  }
}

/** The one event of an invitation. */
export function parseInvitation(text: string): ParsedEvent {
  const [event, ...more] = parseCalendar(text);
  if (!event || more.length > 0) throw new Error('an invitation holds exactly one event');
  return event;
}
