import { createContentTables } from './2026-11-21-001-content.ts';
import { createFormAndMailTables } from './2026-11-21-002-forms-and-mail.ts';
import { addSubscriptionStates } from './2026-11-21-003-subscriptions.ts';
import { createStatsTables } from './2026-11-22-004-stats.ts';
import { addAdminSignIn } from './2026-11-26-005-admin-sign-in.ts';
import { createAdminPreferences } from './2026-11-26-006-admin-preferences.ts';
import { addPostSeo } from './2026-11-26-007-post-seo.ts';
import { addPayments } from './2026-11-26-008-payments.ts';
import { addFormFiles } from './2026-11-27-009-form-files.ts';
import { addCaptcha } from './2026-11-27-010-captcha.ts';
import { addEntryReview } from './2026-11-27-011-entry-review.ts';
import { addFormDeletion } from './2026-11-27-012-form-deletion.ts';
import { addHonestOrders } from './2026-11-28-013-honest-orders.ts';
import { addSignInFailures } from './2026-11-28-014-sign-in-failures.ts';
import { addFieldIdMarks } from './2026-11-28-015-field-id-marks.ts';
import { addEditRevisions } from './2026-11-28-016-edit-revisions.ts';
import { addRedirects } from './2026-11-28-017-redirects.ts';
import { addTrash } from './2026-11-28-018-trash.ts';
import { addMediaLibrary } from './2026-11-28-019-media-library.ts';
import { addUsersAndRoles } from './2026-11-28-020-users-and-roles.ts';
import { addBackupRuns } from './2026-11-28-021-backups.ts';
import { addImports } from './2026-11-28-022-imports.ts';
import { markDemoOffered } from './2026-11-28-023-demo-offered.ts';
import type { MigrationStep } from './schema-sql.ts';

/**
 * Every migration, oldest first, each in the file of its name. Kysely records the names of
 * those a database has run in `kysely_migration` and refuses to start when one of them is
 * missing here, so a name never changes once released and a new migration comes last.
 */
export const migrationList: readonly { name: string; up: MigrationStep }[] = [
  { name: '2026-11-21-001-content', up: createContentTables },
  { name: '2026-11-21-002-forms-and-mail', up: createFormAndMailTables },
  { name: '2026-11-21-003-subscriptions', up: addSubscriptionStates },
  { name: '2026-11-22-004-stats', up: createStatsTables },
  { name: '2026-11-26-005-admin-sign-in', up: addAdminSignIn },
  { name: '2026-11-26-006-admin-preferences', up: createAdminPreferences },
  { name: '2026-11-26-007-post-seo', up: addPostSeo },
  { name: '2026-11-26-008-payments', up: addPayments },
  { name: '2026-11-27-009-form-files', up: addFormFiles },
  { name: '2026-11-27-010-captcha', up: addCaptcha },
  { name: '2026-11-27-011-entry-review', up: addEntryReview },
  { name: '2026-11-27-012-form-deletion', up: addFormDeletion },
  { name: '2026-11-28-013-honest-orders', up: addHonestOrders },
  { name: '2026-11-28-014-sign-in-failures', up: addSignInFailures },
  { name: '2026-11-28-015-field-id-marks', up: addFieldIdMarks },
  { name: '2026-11-28-016-edit-revisions', up: addEditRevisions },
  { name: '2026-11-28-017-redirects', up: addRedirects },
  { name: '2026-11-28-018-trash', up: addTrash },
  { name: '2026-11-28-019-media-library', up: addMediaLibrary },
  { name: '2026-11-28-020-users-and-roles', up: addUsersAndRoles },
  { name: '2026-11-28-021-backups', up: addBackupRuns },
  { name: '2026-11-28-022-imports', up: addImports },
  { name: '2026-11-28-023-demo-offered', up: markDemoOffered },
];
