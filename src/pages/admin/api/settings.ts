import type { APIRoute } from 'astro';
import { adminMessages } from '../../../features/admin/messages.ts';
import { adminFormLimits } from '../../../features/admin/server/session-cookie.ts';
import { csrfTokenMatches, readSession } from '../../../features/admin/server/sessions.ts';
import {
  isSettingsSection,
  parseSettingsSection,
  valuesByGroup,
} from '../../../features/admin/settings-sections.ts';
import { writeSiteSettings } from '../../../features/site/server/site-settings-store.ts';
import { writeStatsSettings } from '../../../features/stats/server/stats-settings-store.ts';
import { writeMailSettings } from '../../../platform/mail/mail-settings-store.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/**
 * `POST /admin/api/settings`: one settings tab, `{ section, values }` as JSON, with the
 * session's CSRF token in `X-CSRF-Token`. Checked against the tab's schema (the browser checked
 * the same one); saved, the pages change at once on every instance (the content version).
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const { app } = locals;
  const session = await readSession(app.database.db, request.headers.get('cookie'));
  if (!session) return json(401, { ok: false, message: adminMessages.sessionEnded });
  if (!csrfTokenMatches(app.secret, session, request.headers.get('x-csrf-token'))) {
    return json(403, { ok: false, message: adminMessages.staleForm });
  }
  if (!(request.headers.get('content-type') ?? '').startsWith('application/json')) {
    return json(415, { ok: false, message: 'Send the settings as JSON.' });
  }
  let body: { section?: unknown; values?: unknown };
  try {
    const text = await request.text();
    if (text.length > adminFormLimits.maxBytes) throw new Error('too large');
    body = JSON.parse(text) as typeof body;
  } catch {
    return json(400, { ok: false, message: 'The settings could not be read.' });
  }
  if (!isSettingsSection(body.section)) {
    return json(400, { ok: false, message: 'There is no such settings tab.' });
  }
  const parsed = parseSettingsSection(body.section, body.values);
  if (!parsed.ok) {
    return json(422, {
      ok: false,
      message: adminMessages.settingsInvalid,
      fieldErrors: parsed.fieldErrors,
    });
  }
  const groups = valuesByGroup(body.section, parsed.values);
  if (Object.keys(groups.site).length > 0) await writeSiteSettings(app.database.db, groups.site);
  if (Object.keys(groups.stats).length > 0) await writeStatsSettings(app.database.db, groups.stats);
  if (Object.keys(groups.mail).length > 0) await writeMailSettings(app.database.db, groups.mail);
  app.log.info(`Settings saved: ${body.section}`);
  return json(200, { ok: true, message: adminMessages.settingsSaved, values: parsed.values });
};
