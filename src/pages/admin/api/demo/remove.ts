import { z } from 'zod';
import { demoItems, settingsScreenMessages as m } from '../../../../features/admin/messages.ts';
import { adminJson } from '../../../../server/admin-api.ts';
import { removeDemoContent } from '../../../../server/demo-content.ts';
import { ownerCall } from '../../../../server/owner-action.ts';

/**
 * `POST /admin/api/demo/remove`: Settings → Site's "Remove demo content". Removes what the demo
 * added and nobody changed since (decision 0053), and says what went and what stayed.
 */
export const POST = ownerCall(
  // Said explicitly: a call that only reaches the route removes nothing.
  { permission: 'settings', input: z.object({ confirm: z.literal(true) }) },
  async ({ app, owner }) => {
    const removal = await removeDemoContent({
      handle: app.database,
      storages: app.forms.fileStorages,
      log: app.log,
    });
    if (!removal) return adminJson(200, { ok: true, message: m.demoNothing });
    app.log.info(`Demo content removed by user ${owner.userId}`, removal.removed);
    return adminJson(200, {
      ok: true,
      message: m.demoRemoved(demoItems(removal.removed), removal.kept),
    });
  },
);
