import {
  apiTokenCreatedSchema,
  apiTokenSchema,
  consolePaths,
  sessionSchema,
  type PasswordChange,
  type SignIn,
} from '@lumenfield/contract';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { call, withId } from '../shared/api/request';

export const tokenListSchema = z.array(apiTokenSchema);

export const accountApi = {
  session: (signal?: AbortSignal) =>
    apiRequest('GET', consolePaths.session, { schema: sessionSchema, signal }),
  signIn: (body: SignIn) =>
    apiRequest('POST', consolePaths.session, { body, schema: sessionSchema }),
  signOut: () => apiRequest<void>('DELETE', consolePaths.session),
  changePassword: (body: PasswordChange) =>
    call('PUT', consolePaths.password, { body, schema: sessionSchema }),
  tokens: (signal?: AbortSignal) =>
    call('GET', consolePaths.tokens, { schema: tokenListSchema, signal }),
  createToken: (name: string) =>
    call('POST', consolePaths.tokens, { body: { name }, schema: apiTokenCreatedSchema }),
  revokeToken: (id: number) => call<void>('DELETE', withId(consolePaths.token, id)),
};
