import { outboxListSchema, outboxMailSchema, outboxPaths } from '@lumenfield/contract';
import { queryOptions } from '@tanstack/react-query';
import { call, withId } from '../common/api/request';

/** The local outbox (docs/operations.md): mail kept instead of sent without a mail server. */
export const outboxKeys = {
  all: ['outbox'] as const,
  mail: (id: number) => ['outbox', id] as const,
};

export const outboxQuery = queryOptions({
  queryKey: outboxKeys.all,
  queryFn: ({ signal }) => call('GET', outboxPaths.outbox, { schema: outboxListSchema, signal }),
});

export const outboxMailQuery = (id: number) =>
  queryOptions({
    queryKey: outboxKeys.mail(id),
    queryFn: ({ signal }) =>
      call('GET', withId(outboxPaths.outboxMail, id), { schema: outboxMailSchema, signal }),
  });
