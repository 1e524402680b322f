import { problemDetailsSchema } from '@lumenfield/contract';

/**
 * A route's problem answers for its schema's `response`: each status answers a problem document
 * (plugins/problem-details.ts), so the OpenAPI document and the serialiser learn them from here.
 */
export function problemResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, problemDetailsSchema])) as Record<
    number,
    typeof problemDetailsSchema
  >;
}
