import type { ReactNode } from 'react';
import { formatSize, backupMessages as m } from '../backup-messages.ts';

export type BackupFileItem = { name: string; bytes: number; madeAt: number };

export type BackupRunItem = {
  startedAt: number;
  state: 'done' | 'failed' | 'interrupted' | 'running';
  file: string;
  bytes: number;
  error: string | null;
};

export type BackupSettingsValues = { daily: boolean; folder: string; keep: string };

type Props = {
  values: BackupSettingsValues;
  errors: Partial<Record<'folder' | 'keep', string>>;
  files: BackupFileItem[];
  lastRun: BackupRunItem | undefined;
  csrf: string;
  timeZone: string;
  notice?: { kind: 'done' | 'error'; message: string } | undefined;
  /** The download island, placed in its section. */
  children?: ReactNode;
};

function RunState({ run, when }: { run: BackupRunItem | undefined; when: Intl.DateTimeFormat }) {
  if (!run) return <p>{m.noRunYet}</p>;
  const started = (
    <time dateTime={new Date(run.startedAt).toISOString()}>{when.format(run.startedAt)}</time>
  );
  if (run.state === 'done') {
    return (
      <p>
        {started}: {m.runDone(run.file, run.bytes)}
      </p>
    );
  }
  return (
    <p className={run.state === 'running' ? undefined : 'admin-warning'}>
      {started}:{' '}
      {run.state === 'failed'
        ? m.runFailed(run.error ?? '')
        : run.state === 'interrupted'
          ? m.runInterrupted
          : m.runGoing}
    </p>
  );
}

/**
 * `/admin/backups`: download a backup now (with its progress), and the daily backups to a
 * folder of the server: whether they are made, where, how many kept, how the last went and the
 * files there. The settings are a plain form: it works before and without the admin's script.
 */
export function BackupsPage({
  values,
  errors,
  files,
  lastRun,
  csrf,
  timeZone,
  notice,
  children,
}: Props) {
  const when = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  const described = (name: 'folder' | 'keep') =>
    [`backup-${name}-hint`, errors[name] ? `backup-${name}-error` : ''].filter(Boolean).join(' ');
  return (
    <>
      <div role="status" className="admin-notice" hidden={notice?.kind !== 'done'}>
        {notice?.kind === 'done' ? notice.message : ''}
      </div>
      {notice?.kind === 'error' && (
        <p className="admin-field-error" role="alert">
          {notice.message}
        </p>
      )}
      <p className="admin-hint admin-backups__intro">
        {m.intro} <code>{m.restoreCommand}</code>.
      </p>
      <section className="admin-card admin-backups" aria-labelledby="backup-download-heading">
        <h2 id="backup-download-heading">{m.downloadHeading}</h2>
        <p className="admin-hint">{m.downloadHint}</p>
        {children}
      </section>
      <section className="admin-card admin-backups" aria-labelledby="backup-daily-heading">
        <h2 id="backup-daily-heading">{m.dailyHeading}</h2>
        <p className="admin-hint">{m.dailyHint}</p>
        <form method="post" action="/admin/backups" className="admin-form" noValidate>
          <input type="hidden" name="csrf" value={csrf} />
          <div className="admin-check">
            <input type="checkbox" id="backup-daily" name="daily" defaultChecked={values.daily} />
            <label htmlFor="backup-daily">{m.daily}</label>
          </div>
          <div className="admin-field">
            <label htmlFor="backup-folder">{m.folder}</label>
            <input
              id="backup-folder"
              name="folder"
              type="text"
              defaultValue={values.folder}
              maxLength={1000}
              spellCheck={false}
              aria-invalid={errors.folder ? true : undefined}
              aria-describedby={described('folder')}
            />
            <p id="backup-folder-hint" className="admin-hint">
              {m.folderHint}
            </p>
            {errors.folder && (
              <p id="backup-folder-error" className="admin-field-error">
                {errors.folder}
              </p>
            )}
          </div>
          <div className="admin-field">
            <label htmlFor="backup-keep">{m.keep}</label>
            <input
              id="backup-keep"
              name="keep"
              type="text"
              inputMode="numeric"
              defaultValue={values.keep}
              className="admin-backups__keep"
              aria-invalid={errors.keep ? true : undefined}
              aria-describedby={described('keep')}
            />
            <p id="backup-keep-hint" className="admin-hint">
              {m.keepHint}
            </p>
            {errors.keep && (
              <p id="backup-keep-error" className="admin-field-error">
                {errors.keep}
              </p>
            )}
          </div>
          <div className="admin-form__actions">
            <button type="submit" className="admin-button admin-button--primary">
              {m.save}
            </button>
          </div>
        </form>
        <h3 className="admin-backups__subheading">{m.lastRun}</h3>
        <RunState run={lastRun} when={when} />
        <h3 className="admin-backups__subheading">{m.inFolder}</h3>
        {values.folder === '' ? (
          <p>{m.noFolder}</p>
        ) : files.length === 0 ? (
          <p>{m.noFiles}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--stacked">
              <caption className="visually-hidden">{m.filesCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{m.columns.file}</th>
                  <th scope="col">{m.columns.size}</th>
                  <th scope="col">{m.columns.made}</th>
                </tr>
              </thead>
              <tbody>
                {files.map((file) => (
                  <tr key={file.name}>
                    <th scope="row">
                      <a href={`/admin/backups/files/${file.name}`} download>
                        {file.name}
                      </a>
                    </th>
                    <td data-label={m.columns.size}>{formatSize(file.bytes)}</td>
                    <td data-label={m.columns.made}>
                      <time dateTime={new Date(file.madeAt).toISOString()}>
                        {when.format(file.madeAt)}
                      </time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
