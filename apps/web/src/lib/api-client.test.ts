import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { applicationMessages } from '@lumenfield/contract';
import { ApiError, NETWORK_ERROR_MESSAGE, apiRequest } from './api-client';
import { json, problem } from '@/test/responses';
import { pendingRequests } from './pending-requests';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  pendingRequests.reset();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends the fixed header under /api with the query, and parses through the schema', async () => {
    fetchMock.mockResolvedValueOnce(json([{ value: 840, label: 'United States of America' }]));
    const schema = z.array(z.object({ value: z.number(), label: z.string() }));
    const data = await apiRequest('GET', '/Jobs/GetStatesByCountry', {
      query: { CountryID: 840, skipped: undefined },
      schema,
    });
    expect(data).toEqual([{ value: 840, label: 'United States of America' }]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/Jobs/GetStatesByCountry?CountryID=840');
    const headers = init?.headers as Record<string, string>;
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('echoes the XSRF-TOKEN cookie on writes', async () => {
    document.cookie = 'XSRF-TOKEN=abc.def';
    fetchMock.mockResolvedValueOnce(json({ ok: true }, 201));
    await apiRequest('POST', '/Jobs/SaveApplicantDetail', { body: { a: 1 } });
    const init = fetchMock.mock.calls[0]![1]!;
    const headers = init.headers as Record<string, string>;
    expect(headers['X-XSRF-TOKEN']).toBe('abc.def');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('echoes the __Host-XSRF-TOKEN cookie the server sets over HTTPS', async () => {
    // jsdom's page is plain http, where a browser refuses to store a __Host- cookie.
    const cookie = vi
      .spyOn(document, 'cookie', 'get')
      .mockReturnValue('theme=dark; __Host-XSRF-TOKEN=host.token');
    fetchMock.mockResolvedValueOnce(json({ ok: true }, 201));
    await apiRequest('POST', '/Jobs/SaveApplicantDetail', { body: {} });
    cookie.mockRestore();
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers['X-XSRF-TOKEN']).toBe('host.token');
  });

  it('turns a problem document into ApiError with its first field message', async () => {
    fetchMock.mockResolvedValueOnce(
      problem(400, 'The application is invalid.', [
        { field: 'firstName', message: 'Please enter a valid First Name (only characters)' },
        { field: 'email', message: 'Please enter a valid email address' },
      ]),
    );
    const error = await apiRequest('POST', '/x', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toBe('Please enter a valid First Name (only characters)');
    expect((error as ApiError).fieldErrors).toHaveLength(2);
  });

  it('explains a status without a problem document, and a network failure', async () => {
    fetchMock.mockResolvedValueOnce(new Response('nope', { status: 413 }));
    // The same sentence the server answers with (a proxy's 413 carries no problem document).
    await expect(apiRequest('POST', '/x', { body: {} })).rejects.toThrow(
      applicationMessages.tooLargeToSend,
    );
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('GET', '/x')).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });

  it('refuses an answer that does not match the schema', async () => {
    fetchMock.mockResolvedValueOnce(json({ unexpected: true }));
    await expect(apiRequest('GET', '/x', { schema: z.array(z.string()) })).rejects.toThrow(
      /unexpected answer/,
    );
  });

  it('counts pending requests and always returns to zero, success or failure', async () => {
    let release!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (release = resolve)));
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    const first = apiRequest('GET', '/slow');
    const second = apiRequest('GET', '/fails').catch(() => 'failed');
    expect(pendingRequests.count).toBe(2);
    expect(await second).toBe('failed');
    expect(pendingRequests.count).toBe(1);
    release(json([]));
    await first;
    expect(pendingRequests.count).toBe(0);
    pendingRequests.finish();
    expect(pendingRequests.count).toBe(0);
  });
});
