import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminJobParamsSchema,
  API_BASE_PATH,
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
  stageMoveSchema,
  stageUpdateSchema,
  type ConsoleApplicant,
  type ConsoleApplicantRow,
  type StageMove,
} from '@lumenfield/contract';
import { stripControlCharacters as clean } from '../../lib/control-characters';
import { attachmentDisposition } from '../../lib/content-disposition';
import { HttpProblem } from '../../lib/http-problem';
import {
  pipelineFilterOf,
  type PipelineApplicant,
} from '../../domains/pipeline/pipeline-repository';
import { stageHistoryOf, type StageHistory } from '../../domains/pipeline/pipeline-changes';
import {
  applicantsCsv,
  applicantsCsvName,
  listingAudit,
} from '../../domains/applications/recruiter-reads';
import { CSV_COLUMNS, answerCsvColumns } from './applicants-csv';
import { consoleProblems, linkKey, signedIn } from './console-user';

const answers = consoleProblems(404);

/** The applicant's page carries every stored field: one left out of its schema does not compile. */
export const everyStoredFieldOnThePage: [
  Exclude<keyof PipelineApplicant, keyof ConsoleApplicant>,
] extends [never]
  ? true
  : never = true;

const toRow =
  (flagged: ReadonlySet<number>) =>
  (a: PipelineApplicant): ConsoleApplicantRow => ({
    applicantId: a.applicantId,
    firstName: a.firstName,
    lastName: a.lastName,
    email: a.email,
    city: a.city,
    appliedOn: a.appliedOn,
    jobId: a.jobId,
    jobCode: a.jobCode,
    jobTitle: a.jobTitle,
    stage: a.stage,
    doesNotMeet: a.doesNotMeet,
    possibleDuplicate: flagged.has(a.applicantId),
  });

const toStageMove = ({ stage, history }: StageHistory): StageMove => ({
  stage,
  stageHistory: history.map((step) => ({
    stage: step.stage,
    changedBy: step.changedBy,
    changedOn: step.changedAt,
  })),
});

const KINDS = ['pdf', 'doc', 'docx'] as const;
const kindOf = (kind: string) => KINDS.find((k) => k === kind) ?? 'pdf';

/** Applicants in the console: lists, one applicant's page, stage, notes, CSV, the resume. */
export const consoleApplicantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  const config = { access: 'session' } as const;

  const applicantPage = async (id: number, boundTo: string): Promise<ConsoleApplicant> => {
    const found = await repos.pipeline.find(id);
    if (!found) throw new HttpProblem(404, `There is no applicant with id ${id}.`);
    const [stages, notes, messages, duplicates] = await Promise.all([
      stageHistoryOf(repos.pipeline, found),
      repos.pipeline.notes(id),
      repos.messages.messagesOf(id),
      repos.duplicates.of(id, app.now()),
    ]);
    const signature = app.consoleSessions.resumeSignature(boundTo, found.attachmentGuid);
    const resumePath = consolePaths.resume.replace(':guid', found.attachmentGuid);
    const { stage, attachmentKind, ...applicant } = found; // the stage comes with its history
    return {
      ...applicant,
      ...duplicates,
      messages,
      attachmentKind: kindOf(attachmentKind),
      resumeUrl: `${API_BASE_PATH}${resumePath}?sig=${signature}`,
      ...toStageMove(stages),
      notes: notes.map((note) => ({
        noteId: note.id,
        author: note.author,
        createdOn: note.createdAt,
        text: note.text,
      })),
    };
  };

  app.get(
    consolePaths.applicants,
    {
      config,
      schema: {
        summary: 'Applicants, newest first: per opening or across them, by stage and words',
        tags: ['console'],
        querystring: applicantsQuerySchema,
        response: { 200: consoleApplicantPageSchema, ...answers },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { page = 1, sort } = request.query;
      const current = Math.max(1, page);
      const filter = pipelineFilterOf(request.query);
      const { items, total } = await repos.pipeline.search(filter, current, PAGE_SIZE, sort);
      // Reading personal data is audited: who, when, how many (docs/security.md).
      if (items.length > 0) {
        const entry = listingAudit({ userId: user.id }, 'applicants-list', items.length, filter);
        await repos.audit.record(entry, app.now());
      }
      const flagged = await repos.duplicates.flagged(items.map((a) => a.applicantId));
      return { items: items.map(toRow(flagged)), total, page: current, pageSize: PAGE_SIZE };
    },
  );

  app.get(
    consolePaths.board,
    {
      config,
      schema: {
        summary: "An opening's board: a column per stage with its count and a page of cards",
        tags: ['console'],
        params: adminJobParamsSchema,
        querystring: boardQuerySchema,
        response: { 200: boardSchema, ...answers },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const jobId = request.params.id;
      const { stage, page = 1, after } = request.query;
      if (!(await repos.jobs.findById(jobId))) {
        throw new HttpProblem(404, `There is no opening with id ${jobId}.`);
      }
      const current = Math.max(1, page);
      const found =
        stage && after !== undefined
          ? await repos.pipeline.boardAfter(jobId, stage, after, BOARD_PAGE_SIZE)
          : await repos.pipeline.board(jobId, current, BOARD_PAGE_SIZE, stage);
      const flagged = await repos.duplicates.flagged(
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
      config,
      schema: {
        summary: 'The applicants before and after this one in a list as filtered and sorted',
        tags: ['console'],
        params: adminJobParamsSchema,
        querystring: applicantsQuerySchema,
        response: { 200: applicantNeighboursSchema, ...answers },
      },
    },
    async (request) => {
      signedIn(request);
      const filter = pipelineFilterOf(request.query);
      return repos.pipeline.neighbours(filter, request.query.sort, request.params.id);
    },
  );

  app.get(
    consolePaths.applicantsCsv,
    {
      // A link the browser follows to download: the session cookie is the credential.
      config: { access: 'session-link' },
      schema: {
        summary: 'The same applicants as CSV (every page)',
        tags: ['console'],
        querystring: applicantsQuerySchema,
        response: { 200: z.unknown().describe('text/csv, one row per applicant'), ...answers },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const filter = pipelineFilterOf(request.query);
      const { jobId } = filter;
      const applicants = await repos.pipeline.all(filter);
      const job = jobId === undefined ? undefined : await repos.jobs.findById(jobId);
      const csv = applicantsCsv(applicants, [...CSV_COLUMNS, ...answerCsvColumns(job?.questions)]);
      await repos.audit.record(
        listingAudit({ userId: user.id }, 'applicants-export', applicants.length, filter),
        app.now(),
      );
      const date = app.now().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(applicantsCsvName(filter, job, date)))
        .send(csv);
    },
  );

  app.get(
    consolePaths.applicant,
    {
      config,
      schema: {
        summary: "One applicant's page",
        tags: ['console'],
        params: adminJobParamsSchema,
        response: { 200: consoleApplicantSchema, ...answers },
      },
    },
    async (request) => {
      const context = signedIn(request);
      const { user } = context;
      const page = await applicantPage(request.params.id, linkKey(context));
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
      config,
      schema: {
        summary: 'Move an applicant to a stage the stage model allows; answers the stage history',
        tags: ['console'],
        params: adminJobParamsSchema,
        body: stageUpdateSchema,
        response: { 200: stageMoveSchema, ...consoleProblems(404, 409) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { id } = request.params;
      return toStageMove(
        await repos.pipeline.moveStage(id, request.body.stage, user.id, app.now()),
      );
    },
  );

  app.post(
    consolePaths.applicantNotes,
    {
      config,
      schema: {
        summary: "Add a note to an applicant; answers the applicant's page",
        tags: ['console'],
        params: adminJobParamsSchema,
        body: noteCreateSchema,
        response: { 201: consoleApplicantSchema, ...answers },
      },
    },
    async (request, reply) => {
      const context = signedIn(request);
      const { user } = context;
      const { id } = request.params;
      await repos.pipeline.writeNote(id, user.id, clean(request.body.text, true), app.now());
      return reply.code(201).send(await applicantPage(id, linkKey(context)));
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
        const context = signedIn(request);
        const { id } = request.params;
        await repos.duplicates[change](id, request.body.otherId, context.user.id, app.now());
        return applicantPage(id, linkKey(context));
      },
    );
  }

  app.get(
    consolePaths.resume,
    {
      config: { access: 'session-link' },
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
      const context = signedIn(request);
      const { user } = context;
      const { guid } = request.params;
      // A link made for another session (or guessed) is no link at all.
      const missing = new HttpProblem(404, 'There is no such resume.');
      if (!app.consoleSessions.verifyResumeSignature(linkKey(context), guid, request.query.sig)) {
        throw missing;
      }
      const attachment = await repos.applicants.findAttachment(guid);
      const applicantId = attachment && (await repos.pipeline.applicantOfAttachment(guid));
      if (!attachment || applicantId === undefined) throw missing;
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
