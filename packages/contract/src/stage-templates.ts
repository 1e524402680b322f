import { applicantStageSchema } from './pipeline';
import { z } from './zod-setup';

/**
 * Automatic messages on a stage move (docs/recruiters.md): per opening and stage, a message
 * template that a move into that stage sends to the candidate, held STAGE_MAIL_HOLD_SECONDS so
 * an undo (or a move on) takes it back, as a bulk rejection's mail is. Not for the arrival
 * stage, nor Rejected (a rejection sends its own chosen template, never a second), nor
 * Withdrawn (the applicant's own move).
 */
export const stageTemplatePaths = {
  /** GET the opening's templates per stage; PUT replaces them all. */
  stageTemplates: '/recruiters/jobs/:id/stage-templates',
} as const;

/** Every stage but the arrival (New), Rejected and Withdrawn. */
export const automaticMailStageSchema = applicantStageSchema.exclude([
  'New',
  'Rejected',
  'Withdrawn',
]);
export const AUTOMATIC_MAIL_STAGES = automaticMailStageSchema.options;

/** How long an automatic message's mail waits before it goes: past the bulk undo's window. */
export const STAGE_MAIL_HOLD_SECONDS = 15;

export const stageTemplateSchema = z.object({
  stage: automaticMailStageSchema,
  templateId: z.number().int().positive(),
});
export type StageTemplate = z.infer<typeof stageTemplateSchema>;

export const stageTemplatesSchema = z.object({
  stageTemplates: z
    .array(stageTemplateSchema)
    .max(AUTOMATIC_MAIL_STAGES.length)
    .refine((list) => new Set(list.map((entry) => entry.stage)).size === list.length, {
      message: 'name each stage once',
    }),
});
export type StageTemplates = z.infer<typeof stageTemplatesSchema>;
