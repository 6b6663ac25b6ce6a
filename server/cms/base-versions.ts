// Which version of a file a save is based on (issue 35, finding F6). Keystatic's local mode sends
// only the new file. Each browser tab knows which version it shows, though: the one in the file
// tree it fetched last (`/api/keystatic/tree` when it loads, the answer of its own save after that).
// This script, served by the server and run in the editor's page before Keystatic starts, keeps that
// tree per tab and adds to every save a header naming, for each file saved, the blob hash the tab
// based it on (null: a new file). The server compares it with the file on disk and answers 409 when
// they differ, whichever tab or session saved in between.
import { z } from 'zod'

export const BASE_HEADER = 'x-ea-base-versions'
export const BASE_SCRIPT_PATH = '/admin/base-versions.js'

/** The browser side, as a classic script (no build step: the same text in every browser). */
export const baseVersionsScript = `'use strict';
(function () {
  var shown = new Map();
  var original = window.fetch.bind(window);
  function pathOf(input) {
    var raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input && input.url;
    try { var url = new URL(raw, location.href); return url.origin === location.origin ? url.pathname : null; } catch (e) { return null; }
  }
  function remember(response) {
    return response.clone().json().then(function (entries) {
      if (!Array.isArray(entries)) return;
      shown.clear();
      entries.forEach(function (e) { if (e && typeof e.path === 'string' && typeof e.sha === 'string') shown.set(e.path, e.sha); });
    }, function () {});
  }
  window.fetch = function (input, init) {
    var path = pathOf(input);
    if (path === '/api/keystatic/update' && init && typeof init.body === 'string') {
      try {
        var body = JSON.parse(init.body);
        var bases = {};
        (body.additions || []).concat(body.deletions || []).forEach(function (change) {
          bases[change.path] = shown.has(change.path) ? shown.get(change.path) : null;
        });
        var headers = new Headers(init.headers || {});
        headers.set('${BASE_HEADER}', encodeURIComponent(JSON.stringify(bases)));
        init = Object.assign({}, init, { headers: headers });
      } catch (e) {}
    }
    return original(input, init).then(function (response) {
      if (response.ok && (path === '/api/keystatic/tree' || path === '/api/keystatic/update')) return remember(response).then(function () { return response; });
      return response;
    });
  };
})();
`

const bases = z.record(
  z.string().max(1024),
  z
    .string()
    .regex(/^[0-9a-f]{40}$/)
    .nullable(),
)

/**
 * The base versions a save names: undefined when it names none (a client without the script: the
 * server falls back to the versions this session opened), a map of path → blob hash (null: a new
 * file), or null when the header is malformed (the caller answers 400).
 */
export function parseBaseVersions(header: string | string[] | undefined): Map<string, string | null> | undefined | null {
  if (header === undefined) return undefined
  if (Array.isArray(header) || header.length > 64 * 1024) return null
  try {
    const parsed = bases.safeParse(JSON.parse(decodeURIComponent(header)))
    return parsed.success ? new Map(Object.entries(parsed.data)) : null
  } catch {
    return null
  }
}
