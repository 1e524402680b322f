import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldErrorsOf } from '@lumenfield/contract';
import {
  CONTENT_ROLES,
  contentDiffQuerySchema,
  contentDiffSchema,
  contentDraftBodySchema,
  contentEntriesSchema,
  contentEntries,
  contentEntrySchema,
  contentFamilies,
  contentParamsSchema,
  contentPaths,
  contentPreviewSchema,
  contentPublishBodySchema,
  contentRestoreParamsSchema,
  contentRevisionsSchema,
  PREVIEW_PARAM,
  placedImages,
  previewPageOf,
  publishProblems,
  type ContentEntrySummary,
  type ContentId,
} from '@lumenfield/site-content';
import { routes } from '@lumenfield/routes';
import type { ContentRevision } from '../../domains/content/content-repository';
import { HttpProblem } from '../../lib/http-problem';
import { consoleProblems, signedIn } from './console-user';
import { displayNames } from './display-names';

/** Who edits the site's words: a console session of an admin or an editor (routes here and content-images.ts). */
export const editors = { access: 'session', roles: CONTENT_ROLES } as const;
const tags = ['console'];

const registered = new Map(contentEntries.map((entry) => [entry.id, entry]));
const entryOf = (id: ContentId) => registered.get(id)!;

/**
 * The content a family's schema refuses, as the field errors a form shows beside each field:
 * `content.hero.tellMe.options` for the home page's tell-me options.
 */
/**
 * The draft as a publish judges it: its family's schema, then the guards at publish (headings
 * in order, alt text, no script or style, internal links that answer), each refusal beside its
 * field as a save's are (docs/content.md, "Guards at publish").
 */
function publishable(id: ContentId, content: unknown): void {
  const problems = publishProblems(entryOf(id).family, checked(id, content));
  if (problems.length === 0) return;
  throw new HttpProblem(
    400,
    'This cannot be published yet: see each field.',
    fieldErrorsOf(problems, 'content'),
  );
}

function checked(id: ContentId, content: unknown): unknown {
  const parsed = contentFamilies[entryOf(id).family].safeParse(content);
  if (parsed.success) return parsed.data;
  throw new HttpProblem(
    400,
    'Some of the content is not right: see each field.',
    fieldErrorsOf(parsed.error.issues, 'content'),
  );
}

/** What a draft that places an image no longer stored is told, at the image's `imageId`. */
export const IMAGE_GONE_MESSAGE = 'This image has been deleted: choose another, or remove it.';

/**
 * What a draft's save holds and checks of the images its content places: each is still stored
 * (judged under the images' locks, so a deletion cannot come between), or 400 at its field.
 */
function placedImagesCheck(content: unknown) {
  const placed = placedImages(content);
  return {
    ids: placed.map((image) => image.imageId),
    check: (stored: ReadonlySet<number>) => {
      const gone = placed.filter((image) => !stored.has(image.imageId));
      if (gone.length === 0) return;
      throw new HttpProblem(
        400,
        'Some of the content is not right: see each field.',
        fieldErrorsOf(
          gone.map((image) => ({ path: [...image.path, 'imageId'], message: IMAGE_GONE_MESSAGE })),
          'content',
        ),
      );
    },
  };
}

/**
 * The site's words, edited (docs/content.md): every page and shared block with what visitors
 * see and its one draft, saved in place and checked by its family's schema; the published
 * revisions, and a diff of any two revisions of a page (its draft's against what is live);
 * publishing now or at a time (the draft judged again under its page's lock; this node's pages
 * made again before the answer, the others' at once), restoring a revision as the draft, and a
 * private preview link of the draft.
 */
export const consoleContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;

  const namer = () => displayNames(app);

  const draftInfo = (draft: ContentRevision, name: (id: number | null) => string | null) => ({
    revisionId: draft.id,
    createdAt: draft.createdAt,
    createdBy: name(draft.createdBy),
    updatedAt: draft.updatedAt,
    publishAt: draft.publishAt,
    restoredFromId: draft.restoredFromId,
  });

  const summaryOf = (
    id: ContentId,
    published: { version: number; publishedAt: string },
    draft: ContentRevision | undefined,
    name: (id: number | null) => string | null,
  ): ContentEntrySummary => ({
    id,
    kind: entryOf(id).kind,
    family: entryOf(id).family,
    version: published.version,
    publishedAt: published.publishedAt,
    draft: draft ? draftInfo(draft, name) : null,
  });

  /** What visitors see of an entry, and its draft: what the editor's form opens with. */
  const entryDetail = async (id: ContentId) => {
    const [published, draft, name] = await Promise.all([
      repos.content.published(id),
      repos.content.draft(id),
      namer(),
    ]);
    if (!published) throw new HttpProblem(404, `There is no editable page ${id}.`);
    return {
      ...summaryOf(id, published, draft, name),
      published: published.content,
      ...(draft ? { draftContent: draft.content } : {}),
    };
  };

  app.get(
    contentPaths.entries,
    {
      config: editors,
      schema: {
        summary: 'Every editable page and shared block: its version, and its draft',
        tags,
        response: { 200: contentEntriesSchema, ...consoleProblems() },
      },
    },
    async () => {
      const [published, drafts, name] = await Promise.all([
        repos.content.publishedAll(),
        repos.content.drafts(),
        namer(),
      ]);
      const entries = published
        .filter((page) => registered.has(page.pageId as ContentId))
        .map((page) => summaryOf(page.pageId as ContentId, page, drafts.get(page.pageId), name));
      return { entries };
    },
  );

  app.get(
    contentPaths.entry,
    {
      config: editors,
      schema: {
        summary: 'What visitors see of a page or block, and its draft',
        tags,
        params: contentParamsSchema,
        response: { 200: contentEntrySchema, ...consoleProblems(404) },
      },
    },
    async (request) => entryDetail(request.params.id),
  );

  app.put(
    contentPaths.draft,
    {
      config: editors,
      schema: {
        summary: "Save a page's draft (checked by its family's schema; visitors see no change)",
        tags,
        params: contentParamsSchema,
        body: contentDraftBodySchema,
        response: { 200: contentEntrySchema, ...consoleProblems(404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { user } = signedIn(request);
      const content = checked(id, request.body.content);
      await repos.content.saveDraft(id, content, user.id, app.now(), placedImagesCheck(content));
      return entryDetail(id);
    },
  );

  app.get(
    contentPaths.revisions,
    {
      config: editors,
      schema: {
        summary: 'A page’s published revisions, newest first, with who and when',
        tags,
        params: contentParamsSchema,
        response: { 200: contentRevisionsSchema, ...consoleProblems(404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [revisions, name] = await Promise.all([repos.content.revisions(id), namer()]);
      if (revisions.length === 0) throw new HttpProblem(404, `There is no editable page ${id}.`);
      return {
        revisions: revisions.map((revision) => ({
          revisionId: revision.id,
          publishedAt: revision.publishedAt!,
          publishedBy: name(revision.publishedBy),
          restoredFromId: revision.restoredFromId,
        })),
      };
    },
  );

  app.get(
    contentPaths.diff,
    {
      config: editors,
      schema: {
        summary: 'The fields that differ between two revisions of a page (or its draft)',
        tags,
        params: contentParamsSchema,
        querystring: contentDiffQuerySchema,
        response: { 200: contentDiffSchema, ...consoleProblems(404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { left, right } = request.query;
      const [one, other] = await Promise.all([
        repos.content.revision(left),
        repos.content.revision(right),
      ]);
      for (const [revision, wanted] of [
        [one, left],
        [other, right],
      ] as const) {
        if (revision?.pageId !== id) {
          throw new HttpProblem(404, `Page ${id} has no revision ${wanted}.`);
        }
      }
      return { changes: await repos.content.diff(left, right) };
    },
  );

  app.post(
    contentPaths.publish,
    {
      config: editors,
      schema: {
        summary: "Publish a page's draft now (every node's pages show it), or at a time",
        tags,
        params: contentParamsSchema,
        body: contentPublishBodySchema,
        response: { 200: contentEntrySchema, ...consoleProblems(404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { user } = signedIn(request);
      const now = app.now();
      const at = request.body.at === undefined ? undefined : new Date(request.body.at);
      const outcome = await repos.content.publish(id, user.id, now, {
        at,
        check: (content) => publishable(id, content),
      });
      // This node's pages show it before the editor is told it is live; the other nodes hear
      // of the new version at once (Redis) or within a second (plugins/site-content.ts).
      if (outcome.state === 'published') await app.siteContent.settled();
      return entryDetail(id);
    },
  );

  app.post(
    contentPaths.restore,
    {
      config: editors,
      schema: {
        summary: 'Make an earlier published revision the draft, to preview and publish',
        tags,
        params: contentRestoreParamsSchema,
        response: { 200: contentEntrySchema, ...consoleProblems(404) },
      },
    },
    async (request) => {
      const { id, revisionId } = request.params;
      const { user } = signedIn(request);
      await repos.content.restore(id, revisionId, user.id, app.now());
      return entryDetail(id);
    },
  );

  app.post(
    contentPaths.preview,
    {
      config: editors,
      schema: {
        summary: "A private link showing the draft at its page's real URL",
        tags,
        params: contentParamsSchema,
        response: { 200: contentPreviewSchema, ...consoleProblems(404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await repos.content.draft(id))) {
        throw new HttpProblem(409, 'Save a draft first: the preview shows the draft.');
      }
      const token = await repos.content.createPreviewToken(id);
      const path = routes[previewPageOf(id)].path;
      return { url: `${path}?${PREVIEW_PARAM}=${encodeURIComponent(token)}` };
    },
  );
};
