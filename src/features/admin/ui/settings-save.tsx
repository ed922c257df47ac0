import { useEffect, useRef, useState } from 'react';
import { adminMessages, settingsMessageMs, settingsScreenMessages } from '../messages.ts';
import { parseSettingsSection, type SettingsSectionName } from '../settings-sections.ts';
import { type AdminReply, callAdmin } from './admin-call.ts';

export type Notice = { kind: 'success' | 'error'; text: string };

/**
 * What a save or a test said, in the tab: success politely (`status`), an error at once
 * (`alert`). Both regions are always there, so screen readers hear what appears in them.
 */
export function NoticeLines({ notice }: { notice: Notice | undefined }) {
  return (
    <>
      <p role="status" className="admin-save-message admin-save-message--success">
        {notice?.kind === 'success' ? notice.text : ''}
      </p>
      <p role="alert" className="admin-save-message admin-save-message--error">
        {notice?.kind === 'error' ? notice.text : ''}
      </p>
    </>
  );
}

/** What a save said, shown for 5 s (seed §2.12), then gone. */
export function useTimedNotice() {
  const [notice, setNotice] = useState<Notice | undefined>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = (next: Notice) => {
    clearTimeout(timer.current);
    setNotice(next);
    timer.current = setTimeout(() => setNotice(undefined), settingsMessageMs);
  };
  return { notice, show };
}

/**
 * The seed's save helper (§2.12) for one settings tab: checks the values with the tab's schema
 * (the server checks them again), says "Saving..." while the call is out, then shows what the
 * server said for 5 s. Field errors come back by field name or path.
 */
export function useSettingsSave(
  section: SettingsSectionName,
  csrf: string,
  onSaved?: (reply: AdminReply) => void,
) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const { notice, show } = useTimedNotice();

  /** Saves; returns the field errors (empty when saved), so the form can focus the first. */
  const save = async (values: unknown): Promise<Record<string, string>> => {
    if (saving) return {};
    const checked = parseSettingsSection(section, values);
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      show({ kind: 'error', text: adminMessages.settingsInvalid });
      return checked.fieldErrors;
    }
    setErrors({});
    setSaving(true);
    const reply = await callAdmin('/admin/api/settings', csrf, { section, values: checked.values });
    setSaving(false);
    const replyErrors = reply.fieldErrors ?? {};
    setErrors(replyErrors);
    show({ kind: reply.ok ? 'success' : 'error', text: reply.message });
    if (reply.ok) onSaved?.(reply);
    return replyErrors;
  };

  return { errors, saving, notice, save };
}

/** The tab's save button: "Saving..." while the call is out. */
export function SaveButton({
  saving,
  label = settingsScreenMessages.save,
}: {
  saving: boolean;
  label?: string;
}) {
  return (
    <div className="admin-form__actions">
      <button type="submit" className="admin-button admin-button--primary" aria-disabled={saving}>
        {saving ? adminMessages.saving : label}
      </button>
    </div>
  );
}
