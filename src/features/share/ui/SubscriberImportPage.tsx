import {
  type FeedChoice,
  type ImportReport,
  subscriberAdminMessages as messages,
  subscriberImportMaxBytes,
} from '../subscriber-admin.ts';

type Props = {
  feeds: FeedChoice[];
  csrf: string;
  /** What the form had, kept when it comes back with a report or an error. */
  chosen: { feedId: number | undefined; mode: 'pending' | 'confirmed'; sendMails: boolean };
  report?: ImportReport | undefined;
  /** Why nothing was imported (no file, too large, a stale page). */
  error?: string | undefined;
};

/**
 * `/admin/subscribers/import`: a CSV file of addresses added to one feed. Double opt-in by
 * default and no mail unless asked; the report names every line not imported as it was.
 */
export function SubscriberImportPage({ feeds, csrf, chosen, report, error }: Props) {
  return (
    <>
      {report && (
        <div className="admin-import-report">
          <div role="status" className="admin-notice">
            {messages.importDone(report)}
          </div>
          {report.fileError && (
            <p className="admin-field-error admin-subscribers-error" role="alert">
              {report.fileError}
            </p>
          )}
          {report.notes.length > 0 && (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption>{messages.notesCaption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{messages.noteLine}</th>
                    <th scope="col">{messages.noteWhat}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.notes.map((note) => (
                    <tr
                      key={`${note.line}-${note.kind}`}
                      className={`admin-import-note--${note.kind}`}
                    >
                      <th scope="row">{note.line}</th>
                      <td>{note.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p>
            <a href={`/admin/subscribers?feed=${chosen.feedId ?? ''}`}>{messages.backToList}</a>
          </p>
        </div>
      )}
      {error && (
        <p className="admin-field-error admin-subscribers-error" role="alert">
          {error}
        </p>
      )}
      <p className="admin-hint">{messages.importIntro}</p>
      <form
        method="post"
        action="/admin/subscribers/import"
        encType="multipart/form-data"
        className="admin-form admin-import"
      >
        <input type="hidden" name="csrf" value={csrf} />
        <label htmlFor="import-file">{messages.fileLabel}</label>
        <input
          id="import-file"
          name="file"
          type="file"
          accept=".csv,text/csv,text/plain"
          required
          aria-describedby="import-file-hint"
        />
        <p id="import-file-hint" className="admin-hint">
          {messages.fileHint(subscriberImportMaxBytes)}
        </p>
        <label htmlFor="import-feed">{messages.importFeedLabel}</label>
        <select id="import-feed" name="feed" defaultValue={chosen.feedId ?? feeds[0]?.id} required>
          {feeds.map((feed) => (
            <option key={feed.id} value={feed.id}>
              {feed.title}
            </option>
          ))}
        </select>
        <fieldset className="admin-import__mode">
          <legend>{messages.modeLegend}</legend>
          <div className="admin-check">
            <input
              id="import-mode-pending"
              type="radio"
              name="mode"
              value="pending"
              defaultChecked={chosen.mode === 'pending'}
            />
            <label htmlFor="import-mode-pending">{messages.modePending}</label>
          </div>
          <div className="admin-check">
            <input
              id="import-mode-confirmed"
              type="radio"
              name="mode"
              value="confirmed"
              defaultChecked={chosen.mode === 'confirmed'}
            />
            <label htmlFor="import-mode-confirmed">{messages.modeConfirmed}</label>
          </div>
        </fieldset>
        <div className="admin-check">
          <input
            id="import-send"
            type="checkbox"
            name="send"
            value="yes"
            defaultChecked={chosen.sendMails}
            aria-describedby="import-send-hint"
          />
          <label htmlFor="import-send">{messages.sendMails}</label>
          <p id="import-send-hint" className="admin-hint">
            {messages.sendMailsHint}
          </p>
        </div>
        <div className="admin-form__actions">
          <button type="submit" className="admin-button admin-button--primary">
            {messages.importButton}
          </button>
        </div>
      </form>
    </>
  );
}
