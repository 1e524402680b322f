import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/**
 * The console's cache of server state (docs/architecture.md): one per console, made by the
 * shell. The API client still owns headers, the XSRF echo, the loading count and errors.
 */
export function createConsoleQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A failure is said at once, with its "Try again": a 4xx would only be refused again,
        // and the API client already sends a call once more after signing in again (401).
        retry: false,
        // A list does not reload under a recruiter's hands when they come back to the tab;
        // each screen loads afresh when opened, and after each change it made.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** What a failed call says: the server's sentence, or a general one for anything else. */
export function failureText(error: unknown, fallback = 'Something went wrong. Please try again.') {
  return error instanceof ApiError ? error.message : fallback;
}
