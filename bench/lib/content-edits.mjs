// The edits an editor makes to the site's words (docs/content.md), published on a running built
// server the way the console publishes them: an editor's account made with the admin command,
// a password sign-in, a draft of the home page's first claim and of an office's phone, and a
// publish of each. bench:api and bench:lighthouse measure the pages again after it, so a run
// shows whether a page rendered from published content is as fast as the build's own.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { FIXED_HEADER, root, xsrfHeaders } from '../../tests/resilience/harness.mjs';

const EDITOR = {
  email: 'bench.editor@example.com',
  name: 'Bench Editor',
  password: 'seven quiet lanterns over the harbour',
};
/** What the edits write, so a caller can check a page shows them. */
export const EDITED = {
  claim: '98% client retention, measured after an edit',
  phone: '+91 555 010 3999',
};

/** The admin command, run as the server runs (the same data directory or database). */
function addEditor(env) {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'apps/server/dist/admin.mjs'),
      'users',
      'add',
      '--email',
      EDITOR.email,
      '--name',
      EDITOR.name,
      '--role',
      'editor',
      '--password-stdin',
    ],
    { cwd: root, env, input: `${EDITOR.password}\n`, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    throw new Error(`admin users add failed (${result.status}): ${result.stderr}`);
  }
}

/** The console's calls with a session: its cookies kept as a browser keeps them. */
async function signedInCalls(url) {
  const headers = await xsrfHeaders(url);
  const jar = new Map(
    headers.cookie
      .split('; ')
      .map((pair) => [pair.split('=')[0], pair.slice(pair.indexOf('=') + 1)]),
  );
  const call = async (method, apiPath, body) => {
    const res = await fetch(`${url}/api${apiPath}`, {
      method,
      headers: {
        ...headers,
        ...FIXED_HEADER,
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  await call('POST', '/recruiters/session', { email: EDITOR.email, password: EDITOR.password });
  return call;
}

/** One entry's published content, changed by `edit`, saved as its draft and published now. */
async function publishEdit(call, id, edit) {
  const entry = await call('GET', `/recruiters/content/${id}`);
  const content = structuredClone(entry.published);
  edit(content);
  await call('PUT', `/recruiters/content/${id}/draft`, { content });
  await call('POST', `/recruiters/content/${id}/publish`, {});
}

/**
 * Publishes the home page's first claim and the first office's first phone, changed, on the
 * server at `url` (whose environment `env` the admin command shares), and checks that the home
 * and about pages show them.
 */
export async function publishContentEdits(url, env) {
  addEditor(env);
  const call = await signedInCalls(url);
  await publishEdit(call, 'home', (home) => {
    home.impact.claims[0].claim = EDITED.claim;
  });
  await publishEdit(call, 'offices', (offices) => {
    offices[0].phones[0].number = EDITED.phone;
  });
  for (const [page, text] of [
    ['/', EDITED.claim],
    ['/about', EDITED.phone],
  ]) {
    const html = await (await fetch(`${url}${page}`)).text();
    if (!html.includes(text)) throw new Error(`${page} does not show "${text}" after the publish`);
  }
}
