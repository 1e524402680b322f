import {
  auditPageSchema,
  consolePaths,
  consoleUserSchema,
  type AuditQuery,
  type UserCreate,
  type UserPatch,
} from '@lumenfield/contract';
import { z } from 'zod';
import { call, withId } from '../shared/api/request';

export const userListSchema = z.array(consoleUserSchema);

export const usersApi = {
  users: (signal?: AbortSignal) =>
    call('GET', consolePaths.users, { schema: userListSchema, signal }),
  createUser: (body: UserCreate) => call<unknown>('POST', consolePaths.users, { body }),
  updateUser: (id: number, body: UserPatch) =>
    call<unknown>('PATCH', withId(consolePaths.user, id), { body }),
  audit: (query: AuditQuery, signal?: AbortSignal) =>
    call('GET', consolePaths.audit, { query: { ...query }, schema: auditPageSchema, signal }),
};
