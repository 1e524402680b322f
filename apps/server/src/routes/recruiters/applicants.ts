import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminJobParamsSchema,
  APPLICANT_READER_ROLES,
  applicantNeighboursSchema,
  applicantsQuerySchema,
  BOARD_PAGE_SIZE,
  boardQuerySchema,
  boardSchema,
  consoleStageChoices,
  consoleApplicantPageSchema,
  consoleApplicantSchema,
  consolePaths,
  duplicateDecisionSchema,
  noteCreateSchema,
  PAGE_SIZE,
  PIPELINE_ROLES,
  stageMoveSchema,
  stageUpdateSchema,
} from '@lumenfield/contract';
import { stripControlCharacters as clean } from '../../lib/control-characters';
import { attachmentDisposition } from '../../lib/content-disposition';
import { HttpProblem } from '../../lib/http-problem';
import { pipelineFilterOf } from '../../domains/pipeline/pipeline-repository';
import { reachOf } from '../../domains/team/reach';
import {
  applicantsCsv,
  applicantsCsvName,
  listingAudit,
} from '../../domains/applications/recruiter-reads';
import { CSV_COLUMNS, answerCsvColumns } from './applicants-csv';
import { applicantPageOf, duplicateFlags, toRow, toStageMove } from './applicant-view';
import { consoleProblems, linkKey, signedIn } from './console-user';
import type { Config } from '../../config';
import { mailOrigin } from '../../plugins/public-origin';

const answers = consoleProblems(404);

/** Applicants in the console: lists, one applicant's page, stage, notes, CSV, the resume. */
export const consoleApplicantsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  options,
) => {
  const { repos } = app;
  // A stage's automatic message links to the applicant's page on the mail's origin.
  const origin = mailOrigin(options.config);
  const config = { access: 'session' } as const;
  // The lists and an applicant's page: an interviewer reads those they interview.
  const readers = { access: 'session', roles: APPLICANT_READER_ROLES } as const;
  // The board, the CSV, a stage, a note: a hiring manager works on their openings' applicants.
  const pipeline = { access: 'session', roles: PIPELINE_ROLES } as const;

  /** Who asks, and what they reach (team/reach.ts): every read and write below goes by it. */
  const asker = (request: FastifyRequest) => {
    const context = signedIn(request);
    return { context, user: context.user, reach: reachOf(context.user) };
  };
  const applicantPage = (id: number, request: FastifyRequest) => {
    const { context, reach } = asker(request);
    return applicantPageOf(app, id, reach, linkKey(context));
  };

  app.get(
    consolePaths.applicants,
    {
      config: readers,
      schema: {
        summary: 'Applicants, newest first: per opening or across them, by stage and words',
        tags: ['console'],
        querystring: applicantsQuerySchema,
        response: { 200: consoleApplicantPageSchema, ...answers },
      },
    },
    async (request) => {
      const { user, reach } = asker(request);
      const { page = 1, sort, after, before } = request.query;
      const current = Math.max(1, page);
      const filter = pipelineFilterOf(request.query, reach);
      const { items, total, atLeast } = await repos.pipeline.search(
        filter,
        current,
        PAGE_SIZE,
        sort,
        { after, before },
      );
      // Reading personal data is audited: who, when, how many (docs/security.md).
      if (items.length > 0) {
        const entry = listingAudit({ userId: user.id }, 'applicants-list', items.length, filter);
        await repos.audit.record(entry, app.now());
      }
      const flagged = await duplicateFlags(
        app,
        reach,
        items.map((a) => a.applicantId),
      );
      return {
        items: items.map(toRow(flagged)),
        total,
        totalAtLeast: atLeast,
        page: current,
        pageSize: PAGE_SIZE,
      };
    },
  );

  app.get(
    consolePaths.board,
    {
      config: pipeline,
      schema: {
        summary: "An opening's board: a column per stage with its count and a page of cards",
        tags: ['console'],
        params: adminJobParamsSchema,
        querystring: boardQuerySchema,
        response: { 200: boardSchema, ...answers },
      },
    },
    async (request) => {
      const { user, reach } = asker(request);
      const jobId = request.params.id;
      const { stage, page = 1, after } = request.query;
      if (!(await repos.team.reachesJob(reach, jobId))) {
        throw new HttpProblem(404, `There is no opening with id ${jobId}.`);
      }
      const current = Math.max(1, page);
      const found =
        stage && after !== undefined
          ? await repos.pipeline.boardAfter(jobId, stage, after, BOARD_PAGE_SIZE, reach)
          : await repos.pipeline.board(jobId, current, BOARD_PAGE_SIZE, reach, stage);
      const flagged = await duplicateFlags(
        app,
        reach,
        found.flatMap((column) => column.items.map((a) => a.applicantId)),
      );
      const stages = stage ? [stage] : consoleStageChoices('New');
      const columns = [
        ...stages,
        // Withdrawn has a column only when someone withdrew.
        ...found.map((column) => column.stage).filter((s) => !stages.includes(s)),
      ].map((s) => {
        const column = found.find((c) => c.stage === s);
        return {
          stage: s,
          count: column?.count ?? 0,
          page: current,
          items: (column?.items ?? []).map(toRow(flagged)),
        };
      });
      const shown = found.reduce((sum, column) => sum + column.items.length, 0);
      if (shown > 0) {
        await repos.audit.record(
          listingAudit({ userId: user.id }, 'applicants-list', shown, { jobId, stage }),
          app.now(),
        );
      }
      return { jobId, pageSize: BOARD_PAGE_SIZE, columns };
    },
  );

  app.get(
    consolePaths.applicantNeighbours,
    {
      config: readers,
      schema: {
        summary: 'The applicants before and after this one in a list as filtered and sorted',
        tags: ['console'],
        params: adminJobParamsSchema,
        querystring: applicantsQuerySchema,
        response: { 200: applicantNeighboursSchema, ...answers },
      },
    },
    async (request) => {
      const filter = pipelineFilterOf(request.query, asker(request).reach);
      return repos.pipeline.neighbours(filter, request.query.sort, request.params.id);
    },
  );

  app.get(
    consolePaths.applicantsCsv,
    {
      // A link the browser follows to download: the session cookie is the credential.
      config: { access: 'session-link', roles: PIPELINE_ROLES },
      schema: {
        summary: 'The same applicants as CSV (every page)',
        tags: ['console'],
        querystring: applicantsQuerySchema,
        response: { 200: z.unknown().describe('text/csv, one row per applicant'), ...answers },
      },
    },
    async (request, reply) => {
      const { user, reach } = asker(request);
      const filter = pipelineFilterOf(request.query, reach);
      const { jobId } = filter;
      const job =
        jobId === undefined || !(await repos.team.reachesJob(reach, jobId))
          ? undefined
          : await repos.jobs.findById(jobId);
      // Audited before the first byte goes: no export without its row.
      const range = await repos.pipeline.exportRange(filter);
      await repos.audit.record(
        listingAudit({ userId: user.id }, 'applicants-export', range.count, filter),
        app.now(),
      );
      const date = app.now().toISOString().slice(0, 10);
      const csv = applicantsCsv(repos.pipeline.pages(filter, range), [
        ...CSV_COLUMNS,
        ...answerCsvColumns(job?.questions),
      ]);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(applicantsCsvName(filter, job, date)))
        .send(Readable.from(csv));
    },
  );

  app.get(
    consolePaths.applicant,
    {
      config: readers,
      schema: {
        summary: "One applicant's page",
        tags: ['console'],
        params: adminJobParamsSchema,
        response: { 200: consoleApplicantSchema, ...answers },
      },
    },
    async (request) => {
      const { user } = asker(request);
      const page = await applicantPage(request.params.id, request);
      await repos.audit.record(
        {
          actor: { userId: user.id },
          action: 'applicant-view',
          target: `applicant ${request.params.id}`,
        },
        app.now(),
      );
      return page;
    },
  );

  app.put(
    consolePaths.applicantStage,
    {
      config: pipeline,
      schema: {
        summary: 'Move an applicant to a stage the stage model allows; answers the stage history',
        tags: ['console'],
        params: adminJobParamsSchema,
        body: stageUpdateSchema,
        response: { 200: stageMoveSchema, ...consoleProblems(404, 409) },
      },
    },
    async (request) => {
      const { user, reach } = asker(request);
      const { id } = request.params;
      const moved = await repos.pipeline.moveStage(id, request.body.stage, user.id, app.now(), {
        reach,
        mailOrigin: origin,
      });
      return { ...toStageMove(moved), messagesChanged: moved.messagesChanged };
    },
  );

  app.post(
    consolePaths.applicantNotes,
    {
      config: pipeline,
      schema: {
        summary: "Add a note to an applicant; answers the applicant's page",
        tags: ['console'],
        params: adminJobParamsSchema,
        body: noteCreateSchema,
        response: { 201: consoleApplicantSchema, ...answers },
      },
    },
    async (request, reply) => {
      const { user, reach } = asker(request);
      const { id } = request.params;
      await repos.pipeline.writeNote(id, user.id, clean(request.body.text, true), app.now(), reach);
      return reply.code(201).send(await applicantPage(id, request));
    },
  );

  // Duplicates (docs/recruiters.md): each decision answers the applicant's page, as a note does.
  const decisions = [
    [consolePaths.applicantMerge, 'merge', 'They are the same person: link the two applications'],
    [consolePaths.applicantNotDuplicate, 'dismiss', 'They are not the same person'],
    [consolePaths.applicantMergeUndo, 'undoMerge', 'Undo a merge, within 30 days of it'],
  ] as const;
  for (const [path, change, summary] of decisions) {
    app.post(
      path,
      {
        config,
        schema: {
          summary,
          tags: ['console'],
          params: adminJobParamsSchema,
          body: duplicateDecisionSchema,
          response: { 200: consoleApplicantSchema, ...consoleProblems(404, 409) },
        },
      },
      async (request) => {
        const { user } = asker(request);
        const { id } = request.params;
        await repos.duplicates[change](id, request.body.otherId, user.id, app.now());
        return applicantPage(id, request);
      },
    );
  }

  app.get(
    consolePaths.resume,
    {
      config: { access: 'session-link', roles: APPLICANT_READER_ROLES },
      schema: {
        summary: "An applicant's resume, for this session only (?disposition=inline: a PDF shown)",
        tags: ['console'],
        params: z.object({ guid: z.uuid() }),
        querystring: z.object({
          sig: z.string().max(100),
          disposition: z.enum(['inline', 'attachment']).optional(),
        }),
        response: { 200: z.unknown().describe('The stored bytes'), ...answers },
      },
    },
    async (request, reply) => {
      const { context, user, reach } = asker(request);
      const { guid } = request.params;
      // A link made for another session (or guessed) is no link at all.
      const missing = new HttpProblem(404, 'There is no such resume.');
      if (!app.consoleSessions.verifyResumeSignature(linkKey(context), guid, request.query.sig)) {
        throw missing;
      }
      const attachment = await repos.applicants.findAttachment(guid);
      const applicantId = attachment && (await repos.pipeline.applicantOfAttachment(guid));
      if (!attachment || applicantId === undefined) throw missing;
      if (!(await repos.team.reachesApplicant(reach, applicantId))) throw missing;
      const inline = request.query.disposition === 'inline' && attachment.kind === 'pdf';
      await repos.audit.record(
        {
          actor: { userId: user.id },
          action: inline ? 'resume-view' : 'resume-download',
          target: `applicant ${applicantId}`,
        },
        app.now(),
      );
      const disposition = attachmentDisposition(attachment.originalName);
      return (
        reply
          .header('Content-Type', attachment.mimeType)
          .header(
            'Content-Disposition',
            inline ? disposition.replace(/^attachment/, 'inline') : disposition,
          )
          .header('Content-Length', attachment.content.length)
          .header('X-Content-Type-Options', 'nosniff')
          // Shown in the console's own frame only, with no script and no origin of its own.
          .header('Content-Security-Policy', "sandbox; default-src 'none'; frame-ancestors 'self'")
          .header('X-Frame-Options', 'SAMEORIGIN')
          .header('Cross-Origin-Resource-Policy', 'same-origin')
          .send(attachment.content)
      );
    },
  );
};
