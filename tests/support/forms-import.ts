/** The Forms screen's import over HTTP, as a browser goes through it: the file, then the check. */

/** A hidden field's value in a page React rendered (its attribute escaping undone). */
export function hiddenValue(html: string, name: string): string {
  const value = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
  if (value === undefined) throw new Error(`No hidden field ${name} in the page`);
  return value.replace(/&(quot|amp|lt|gt|#x27|#39);/g, (_all, entity: string) => {
    const characters: Record<string, string> = {
      quot: '"',
      amp: '&',
      lt: '<',
      gt: '>',
      '#x27': "'",
      '#39': "'",
    };
    return characters[entity] as string;
  });
}

export type ImportSite = { url: string; cookie: string; csrf: string };

const post = (site: ImportSite, body: FormData) =>
  fetch(`${site.url}/admin/forms`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: site.cookie, origin: site.url },
    body,
  });

/** Uploads a forms file: the screen answers with what the import would do. */
export async function previewImport(site: ImportSite, file: string) {
  const upload = new FormData();
  upload.set('csrf', site.csrf);
  upload.set('action', 'import');
  upload.set('file', new File([file], 'quire-forms.json', { type: 'application/json' }));
  const response = await post(site, upload);
  return { status: response.status, html: await response.text() };
}

/** Confirms the import a preview showed, ticking what `consent` names. */
export async function confirmImport(
  site: ImportSite,
  previewHtml: string,
  consent: { replace?: boolean; restore?: boolean } = {},
) {
  const confirm = new FormData();
  confirm.set('csrf', site.csrf);
  confirm.set('action', 'import-confirm');
  confirm.set('archive', hiddenValue(previewHtml, 'archive'));
  confirm.set('plan', hiddenValue(previewHtml, 'plan'));
  if (consent.replace) confirm.set('replace', 'yes');
  if (consent.restore) confirm.set('restore', 'yes');
  return post(site, confirm);
}
