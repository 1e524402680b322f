import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  applicantFormFields,
  applicantPageCopy as copy,
  type ApplicantPageView,
} from '@lumenfield/contract';
import { applicantPagePath } from '@lumenfield/routes';
import { slotDays, type CandidateChange } from '../domains/interviews/candidate-interviews';
import { ZONE_CHOICES, canonicalZone, zoneNames } from '../domains/interviews/zone-choices';

/** An interview's id from its path, or undefined for anything but a positive integer. */
const interviewIdOf = (request: FastifyRequest) => {
  const id = Number((request.params as { interviewId: string }).interviewId);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** What the status page's routes lend the interview routes: its forms and its pages. */
export interface StatusPageKit {
  formOf: (request: FastifyRequest) => Record<string, string>;
  /** A form's post from this site with its XSRF field; else 403. */
  checkForm: (request: FastifyRequest) => void;
  tokenOf: (request: FastifyRequest) => string;
  sendStatus: (
    request: FastifyRequest,
    reply: FastifyReply,
    view: ApplicantPageView,
    status?: number,
  ) => Promise<unknown>;
  sendUnknown: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

/**
 * Booking an interview from the status page (docs/careers.md, "Booking an interview"): the
 * times offered, in a zone the candidate chooses; a booking, a move, a cancellation. Plain
 * forms, working without scripts, under the status page's guards.
 */
export function applicantInterviewRoutes(
  app: FastifyInstance,
  { formOf, checkForm, tokenOf, sendStatus, sendUnknown }: StatusPageKit,
) {
  const page = app.applicantPage;

  /**
   * An interview's booking page: its free times by day in the zone asked for (`?tz=`, else the
   * one the recruiter gave), a select to change it, one radio per time. An interview not open
   * to booking (booked within a day, cancelled, not theirs): the status page says so.
   */
  async function sendBooking(
    request: FastifyRequest,
    reply: FastifyReply,
    asked: string | undefined,
    problem: string | null = null,
    status = 200,
  ) {
    const token = tokenOf(request);
    const interviewId = interviewIdOf(request);
    const bookable =
      interviewId === undefined ? undefined : await page.bookable(token, interviewId, app.now());
    if (!bookable)
      return sendStatus(request, reply, { kind: 'status', notice: copy.interviewGone }, 404);
    const named = asked ? canonicalZone(asked) : undefined;
    const chosen = named !== undefined;
    const zone = named ?? canonicalZone(bookable.zone) ?? bookable.zone;
    const said =
      problem ??
      (asked && !chosen ? copy.badZone : null) ??
      (bookable.slots.length === 0 ? copy.noSlots : null);
    return sendStatus(
      request,
      reply,
      {
        kind: 'book',
        interview: bookable.interview,
        timeZone: zone,
        zoneChosen: chosen,
        zones: ZONE_CHOICES.some((choice) => choice.value === zone)
          ? [...ZONE_CHOICES]
          : [...ZONE_CHOICES, { value: zone, label: zone.replaceAll('_', ' ') }],
        zoneNames: zoneNames(zone),
        days: slotDays(bookable.slots, zone),
        problem: said,
      },
      status,
    );
  }

  /** Where a candidate's change of an interview lands: its notice on the status page, or why not. */
  const changed = (
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: CandidateChange,
    notice: 'booked' | 'interview-cancelled',
  ) =>
    'refusal' in outcome
      ? sendStatus(request, reply, { kind: 'status', notice: outcome.refusal }, outcome.status)
      : reply.redirect(`${applicantPagePath(tokenOf(request))}?notice=${notice}`, 303);

  /** The cancel confirmation of an interview the candidate booked, or the status page. */
  async function sendCancel(
    request: FastifyRequest,
    reply: FastifyReply,
    problem: string | null = null,
    status = 200,
  ) {
    const application = await page.open(tokenOf(request), app.now());
    if (!application) return sendUnknown(request, reply);
    const interview = application.interviews.find((one) => one.id === interviewIdOf(request));
    if (!interview?.canChange) {
      const notice = interview?.changeRefusal ?? copy.interviewGone;
      return sendStatus(request, reply, { kind: 'status', notice }, interview ? 409 : 404);
    }
    return sendStatus(
      request,
      reply,
      { kind: 'confirm-cancel-interview', interview, problem },
      status,
    );
  }

  const interviewRoute = '/applications/:token/interviews/:interviewId';
  app.get(interviewRoute, { schema: { hide: true } }, (request, reply) =>
    sendBooking(request, reply, (request.query as { tz?: string }).tz),
  );

  app.post(interviewRoute, { schema: { hide: true } }, async (request, reply) => {
    checkForm(request);
    const form = formOf(request);
    const asked = form[applicantFormFields.timeZone];
    const slot = new Date(String(form[applicantFormFields.slot] ?? ''));
    const interviewId = interviewIdOf(request);
    if (interviewId === undefined || Number.isNaN(slot.getTime())) {
      return sendBooking(request, reply, asked, copy.mustChoose, 400);
    }
    const token = tokenOf(request);
    const zone = (asked && canonicalZone(asked)) ?? '';
    const outcome = await page.book(token, interviewId, slot, zone, app.now());
    if (!outcome) return sendUnknown(request, reply);
    if ('taken' in outcome) return sendBooking(request, reply, asked, copy.slotTaken, 409);
    return changed(request, reply, outcome, 'booked');
  });

  app.get(`${interviewRoute}/cancel`, { schema: { hide: true } }, (request, reply) =>
    sendCancel(request, reply),
  );

  app.post(`${interviewRoute}/cancel`, { schema: { hide: true } }, async (request, reply) => {
    checkForm(request);
    if (formOf(request)[applicantFormFields.confirm] !== 'yes') {
      return sendCancel(request, reply, copy.mustTick, 400);
    }
    const token = tokenOf(request);
    const interviewId = interviewIdOf(request);
    const outcome =
      interviewId === undefined
        ? undefined
        : await page.cancelInterview(token, interviewId, app.now());
    if (outcome === undefined) return sendCancel(request, reply);
    return changed(request, reply, outcome, 'interview-cancelled');
  });
}
