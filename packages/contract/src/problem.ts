import { z } from './zod-setup';

/** One failing rule, as listed in a problem document's `errors`. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * A schema's refusals as the field errors a form shows beside each field, named from `prefix`
 * (`fieldErrorsOf(error.issues, 'content')` gives `content.hero.title`).
 */
export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix: string,
): FieldError[] {
  return issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
}

/** RFC 9457 problem details (docs/api.md). */
export const problemDetailsSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  /** The answer's X-Request-Id: what an operator searches the logs for. */
  requestId: z.string().optional(),
});
export type ProblemDetails = z.infer<typeof problemDetailsSchema>;
