import type { UploadReceiver } from '../../../platform/ajax/multipart-body.ts';
import { formUploadReceiver, type ReceivedFile } from './files-receive.ts';
import type { FormsDependencies } from './forms-dependencies.ts';
import { loadForm } from './loaded-form.ts';

/** Where the files of a submission go, for `/ajax` and a page's own POST alike. */
export function submissionUploads(deps: FormsDependencies): UploadReceiver<ReceivedFile> {
  return formUploadReceiver({
    db: deps.db,
    storages: deps.fileStorages,
    uploadLimitMb: async () => (await deps.fileSettings()).uploadLimitMb,
    formFields: async (id) => (await loadForm(deps, id))?.definition.fields,
  });
}

/** The files an upload receiver of the forms stored: what `AjaxFields.files` holds. */
export function receivedFiles(files: readonly unknown[]): ReceivedFile[] {
  return files.filter(
    (file): file is ReceivedFile =>
      typeof file === 'object' && file !== null && 'fieldId' in file && 'contentMatches' in file,
  );
}
