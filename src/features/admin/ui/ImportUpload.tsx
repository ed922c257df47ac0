import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { importScreenMessages as m } from '../../import/import-screen-messages.ts';
import {
  asksSiteUrl,
  checkImportHead,
  type ImportKind,
  importForm,
  importHeadBytes,
  importKinds,
  importSize,
  importUploadMaxBytes,
  kindsWithMedia,
} from '../../import/import-upload.ts';
import { uploadWithProgress } from './upload-with-progress.ts';

type Props = {
  csrf: string;
  /** The fields sent back after a refusal of the form sent without the script. */
  values: Record<string, string>;
  /** Why the last upload was refused. */
  problem?: string | undefined;
  /** The site's forms, which WPForms entries may be added to. */
  forms: { id: number; title: string }[];
};

const isKind = (value: string | undefined): value is ImportKind =>
  (importKinds as readonly string[]).includes(value ?? '');

/** Why a chosen file cannot be this kind's export, read from its start before it is sent. */
async function fileProblem(
  file: File,
  kind: ImportKind,
): Promise<{ problem?: string; siteUrl?: string | undefined }> {
  if (file.size > importUploadMaxBytes)
    return { problem: m.tooLarge(importSize(importUploadMaxBytes)) };
  const head = new Uint8Array(await file.slice(0, importHeadBytes).arrayBuffer());
  const check = checkImportHead(kind, head);
  return check.ok ? { siteUrl: check.siteUrl } : { problem: check.message };
}

/**
 * Admin → Import's form: what to import, where its images are, a dry run, and the file. It is a
 * plain form posted to `/admin/import` (the file last, so the server reads the options first);
 * with the script the file's kind is checked from its start before anything is sent, the old
 * site's address filled from a WordPress export, and the upload shows its progress.
 */
export default function ImportUpload({ csrf, values, problem: refused, forms }: Props) {
  const [kind, setKind] = useState<ImportKind>(isKind(values.kind) ? values.kind : 'wordpress');
  const [media, setMedia] = useState(values.media ?? 'site');
  const [mediaFrom, setMediaFrom] = useState(values.mediaFrom ?? '');
  const [problem, setProblem] = useState(refused);
  const [sent, setSent] = useState<number | undefined>(undefined);
  const form = useRef<HTMLFormElement>(null);
  // Without the script every field shows; with it, only those the choices above them call for.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const hasMedia = !scripted || kindsWithMedia.includes(kind);
  const hasSiteUrl = !scripted || asksSiteUrl(kind, media);
  const hasForm = !scripted || kind === 'wpforms-entries';

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    const found = await fileProblem(file, kind);
    setProblem(found.problem);
    if (found.siteUrl && mediaFrom === '') setMediaFrom(found.siteUrl);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sent !== undefined || !form.current) return;
    const data = new FormData(form.current);
    const file = data.get('file');
    data.delete('file');
    data.delete('csrf');
    const fields = Object.fromEntries(
      [...data].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    if (!(file instanceof File) || file.name === '') {
      setProblem(m.chooseFile);
      return;
    }
    const parsed = importForm.safeParse(fields);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? m.chooseKind);
      return;
    }
    const found = await fileProblem(file, kind);
    if (found.problem) {
      setProblem(found.problem);
      return;
    }
    if (parsed.data.media === 'site' && parsed.data.mediaFrom === '' && !found.siteUrl) {
      setProblem(m.addressNeeded);
      return;
    }
    setProblem(undefined);
    setSent(0);
    const reply = await uploadWithProgress(
      '/admin/api/import',
      csrf,
      file,
      setSent,
      m.uploadFailed,
      fields,
    );
    if (reply.ok && typeof reply.location === 'string') {
      window.location.assign(reply.location);
      return;
    }
    setSent(undefined);
    setProblem(reply.message);
  };

  const percent = Math.floor((sent ?? 0) * 100);
  return (
    <form
      ref={form}
      method="post"
      action="/admin/import"
      encType="multipart/form-data"
      className="admin-form admin-site-import"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <input type="hidden" name="csrf" value={csrf} />
      <fieldset className="admin-site-import__group">
        <legend>{m.whatLegend}</legend>
        {importKinds.map((value) => (
          <div className="admin-check" key={value}>
            <input
              type="radio"
              id={`import-kind-${value}`}
              name="kind"
              value={value}
              checked={kind === value}
              onChange={() => setKind(value)}
              aria-describedby={`import-kind-${value}-hint`}
            />
            <label htmlFor={`import-kind-${value}`}>{m.kindLabels[value]}</label>
            <p id={`import-kind-${value}-hint`} className="admin-hint">
              {m.kindHints[value]}
            </p>
          </div>
        ))}
      </fieldset>
      <fieldset className="admin-site-import__group" hidden={!hasMedia} disabled={!hasMedia}>
        <legend>{m.mediaLegend}</legend>
        <div className="admin-check">
          <input
            type="radio"
            id="import-media-site"
            name="media"
            value="site"
            checked={media === 'site'}
            onChange={() => setMedia('site')}
          />
          <label htmlFor="import-media-site">{m.mediaSite}</label>
        </div>
        <div className="admin-field admin-site-import__sub" hidden={scripted && media !== 'site'}>
          <label htmlFor="import-media-from">{m.mediaSiteAddress}</label>
          <input
            id="import-media-from"
            name="mediaFrom"
            type="url"
            inputMode="url"
            spellCheck={false}
            value={mediaFrom}
            onChange={(event) => setMediaFrom(event.currentTarget.value)}
            aria-describedby="import-media-from-hint"
          />
          <p id="import-media-from-hint" className="admin-hint">
            {m.mediaSiteHint}
          </p>
        </div>
        <div className="admin-check">
          <input
            type="radio"
            id="import-media-folder"
            name="media"
            value="folder"
            checked={media === 'folder'}
            onChange={() => setMedia('folder')}
          />
          <label htmlFor="import-media-folder">{m.mediaFolder}</label>
        </div>
        <div className="admin-field admin-site-import__sub" hidden={scripted && media !== 'folder'}>
          <label htmlFor="import-media-dir">{m.mediaFolderPath}</label>
          <input
            id="import-media-dir"
            name="mediaDir"
            type="text"
            spellCheck={false}
            defaultValue={values.mediaDir ?? ''}
          />
        </div>
        <div className="admin-check">
          <input
            type="radio"
            id="import-media-none"
            name="media"
            value="none"
            checked={media === 'none'}
            onChange={() => setMedia('none')}
          />
          <label htmlFor="import-media-none">{m.mediaNone}</label>
        </div>
      </fieldset>
      <div className="admin-field" hidden={!hasSiteUrl}>
        <label htmlFor="import-site-url">{m.siteUrlLabel}</label>
        <input
          id="import-site-url"
          name="siteUrl"
          type="url"
          inputMode="url"
          spellCheck={false}
          disabled={!hasSiteUrl}
          defaultValue={values.siteUrl ?? ''}
          aria-describedby="import-site-url-hint"
        />
        <p id="import-site-url-hint" className="admin-hint">
          {m.siteUrlHint}
        </p>
      </div>
      <div className="admin-field" hidden={!hasForm}>
        <label htmlFor="import-form-id">{m.formLabel}</label>
        <select
          id="import-form-id"
          name="formId"
          disabled={!hasForm || forms.length === 0}
          defaultValue={values.formId ?? ''}
          aria-describedby="import-form-id-hint"
        >
          <option value="">{m.formChoose}</option>
          {forms.map((form) => (
            <option key={form.id} value={String(form.id)}>
              {form.title}
            </option>
          ))}
        </select>
        <p id="import-form-id-hint" className="admin-hint">
          {forms.length === 0 ? m.noForms : m.formHint}
        </p>
      </div>
      <div className="admin-check">
        <input
          type="checkbox"
          id="import-dry-run"
          name="dryRun"
          defaultChecked={values.dryRun === 'on'}
        />
        <label htmlFor="import-dry-run">{m.dryRun}</label>
      </div>
      <div className="admin-field">
        <label htmlFor="import-file">{m.fileLabel}</label>
        <input
          id="import-file"
          name="file"
          type="file"
          accept=".xml,.json,.csv,text/xml,application/xml,application/json,text/csv"
          onChange={(event) => void chooseFile(event)}
          aria-describedby="import-file-hint"
          aria-invalid={problem ? true : undefined}
        />
        <p id="import-file-hint" className="admin-hint">
          {m.fileHint(importSize(importUploadMaxBytes))}
        </p>
      </div>
      {problem && (
        <p className="admin-field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="admin-form__actions">
        <button
          type="submit"
          className="admin-button admin-button--primary"
          disabled={sent !== undefined}
        >
          {m.start}
        </button>
        {sent !== undefined && (
          <progress
            className="admin-export__bar"
            max={1}
            value={sent}
            aria-label={m.uploadingLabel}
          />
        )}
        <span role="status" className="admin-export__status">
          {sent !== undefined ? m.uploading(percent) : ''}
        </span>
      </div>
    </form>
  );
}
