import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { networkNames } from '../../share/messages.ts';
import {
  type FollowNetwork,
  followNetworks,
  type PopupSettings,
  type ShareIconSetting,
  type ShareNetwork,
  type ShareSettings,
  shareNetworks,
} from '../../share/share-settings.ts';
import { sharingSettingsMessages as m } from '../messages.ts';
import { NoticeLines, SaveButton, useSettingsSave } from './settings-save.tsx';
import { TextField } from './TextField.tsx';

type Props = { initial: ShareSettings; csrf: string };

/** A row of the icon list: an icon the bar shows, or one it could. */
type IconRow = ShareIconSetting & { shown: boolean };

/** What "follow" means for a network that has no profile: RSS is the feed, e-mail the subscription. */
const followable = (network: ShareNetwork) =>
  (followNetworks as readonly string[]).includes(network) ||
  network === 'rss' ||
  network === 'email';

const label = (network: ShareNetwork) =>
  network === 'email' ? m.email : network === 'copy' ? m.copyLink : networkNames[network];

function rowsOf(icons: readonly ShareIconSetting[]): IconRow[] {
  const rows: IconRow[] = icons.map((icon) => ({ ...icon, shown: true }));
  for (const network of shareNetworks) {
    if (!icons.some((icon) => icon.network === network)) {
      rows.push({ network, action: network === 'rss' ? 'follow' : 'share', shown: false });
    }
  }
  return rows;
}

function Check({
  id,
  checked,
  onChange,
  children,
  hint,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  hint?: string;
}) {
  return (
    <div className="admin-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{children}</label>
      {hint && (
        <p id={`${id}-hint`} className="admin-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/**
 * The Sharing tab: the bar's icons in order (each shown or not, sharing the page or following
 * the site), the profiles to follow, where the bar goes, and the follow pop-up's look and
 * triggers. Tooltips go where the bar's position leaves room for them (seed §2.4).
 */
export function SharingSettings({ initial, csrf }: Props) {
  const [rows, setRows] = useState(() => rowsOf(initial.icons));
  const [follow, setFollow] = useState<Partial<Record<FollowNetwork, string>>>(initial.follow);
  const [mastodonInstance, setMastodonInstance] = useState(initial.mastodonInstance);
  const [widget, setWidget] = useState(initial.widget);
  const [floating, setFloating] = useState(initial.floating.enabled);
  const vertical = initial.floating.position.vertical;
  const [verticalMode, setVerticalMode] = useState(typeof vertical === 'number' ? 'top' : vertical);
  const [topOffset, setTopOffset] = useState(String(typeof vertical === 'number' ? vertical : 10));
  const [horizontal, setHorizontal] = useState(initial.floating.position.horizontal);
  const [sticky, setSticky] = useState(initial.sticky);
  const [facebookPagePlugin, setFacebookPagePlugin] = useState(initial.facebookPagePlugin);
  const [popup, setPopup] = useState(() => ({
    ...initial.popup,
    delaySeconds: initial.popup.delaySeconds === null ? '' : String(initial.popup.delaySeconds),
    borderWidth: String(initial.popup.borderWidth),
    fontSize: String(initial.popup.fontSize),
  }));
  const { errors, saving, notice, save } = useSettingsSave('sharing', csrf);
  const [focusId, setFocusId] = useState<string | undefined>();
  useEffect(() => {
    if (focusId) document.getElementById(focusId)?.focus();
    setFocusId(undefined);
  }, [focusId]);

  const setPopupField = (name: keyof PopupSettings, value: string | boolean) =>
    setPopup((current) => ({ ...current, [name]: value }));

  const move = (index: number, step: -1 | 1) => {
    const target = index + step;
    if (target < 0 || target >= rows.length) return;
    const next = [...rows];
    [next[index], next[target]] = [next[target] as IconRow, next[index] as IconRow];
    setRows(next);
    // The same button, unless the icon reached the end where it is disabled: then the other.
    const last = rows.length - 1;
    const button = step === -1 ? (target > 0 ? 'up' : 'down') : target < last ? 'down' : 'up';
    setFocusId(`sharing-icon-${next[target]?.network}-${button}`);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = {
      icons: rows.filter((row) => row.shown).map(({ network, action }) => ({ network, action })),
      follow: Object.fromEntries(
        Object.entries(follow).filter(([, url]) => url !== undefined && url.trim() !== ''),
      ),
      mastodonInstance,
      widget,
      floating: {
        enabled: floating,
        position: {
          vertical: verticalMode === 'top' ? numberOrNull(topOffset) : verticalMode,
          horizontal,
        },
      },
      sticky,
      facebookPagePlugin,
      popup: {
        ...popup,
        delaySeconds: numberOrNull(popup.delaySeconds),
        borderWidth: numberOrNull(popup.borderWidth),
        fontSize: numberOrNull(popup.fontSize),
      },
    };
    const fieldErrors = await save(values);
    const first = Object.keys(fieldErrors)[0];
    if (first) document.getElementById(`sharing-${first.replaceAll('.', '-')}`)?.focus();
  };

  return (
    <form className="admin-form admin-settings-form" noValidate onSubmit={submit}>
      <fieldset className="admin-editor__box">
        <legend>{m.icons}</legend>
        <p className="admin-hint">{m.iconsHint}</p>
        {errors.icons && <p className="admin-field-error">{errors.icons}</p>}
        <ol className="admin-icon-rows">
          {rows.map((row, index) => {
            const id = `sharing-icon-${row.network}`;
            return (
              <li key={`${row.network}-${row.action}`} className="admin-icon-row">
                <div className="admin-check">
                  <input
                    id={`${id}-show`}
                    type="checkbox"
                    checked={row.shown}
                    onChange={(event) =>
                      setRows(
                        rows.map((r, i) =>
                          i === index ? { ...r, shown: event.target.checked } : r,
                        ),
                      )
                    }
                  />
                  <label htmlFor={`${id}-show`}>{label(row.network)}</label>
                </div>
                {followable(row.network) && row.network !== 'copy' ? (
                  <select
                    aria-label={m.iconDoes(label(row.network))}
                    value={row.action}
                    onChange={(event) =>
                      setRows(
                        rows.map((r, i) =>
                          i === index
                            ? { ...r, action: event.target.value as 'share' | 'follow' }
                            : r,
                        ),
                      )
                    }
                  >
                    <option value="share">{m.share}</option>
                    <option value="follow">{m.follow}</option>
                  </select>
                ) : (
                  <span className="admin-hint">{m.sharesOnly}</span>
                )}
                <span className="admin-icon-row__moves">
                  <button
                    id={`${id}-up`}
                    type="button"
                    className="admin-button"
                    disabled={index === 0}
                    aria-label={m.moveUp(label(row.network))}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </button>
                  <button
                    id={`${id}-down`}
                    type="button"
                    className="admin-button"
                    disabled={index === rows.length - 1}
                    aria-label={m.moveDown(label(row.network))}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      </fieldset>

      <fieldset className="admin-editor__box">
        <legend>{m.profiles}</legend>
        {followNetworks.map((network) => (
          <TextField
            key={network}
            id={`sharing-follow-${network}`}
            label={m.profileAddress(networkNames[network])}
            type="url"
            value={follow[network] ?? ''}
            error={errors[`follow.${network}`]}
            onChange={(url) => setFollow({ ...follow, [network]: url })}
          />
        ))}
        <TextField
          id="sharing-mastodonInstance"
          label={m.mastodon}
          hint={m.mastodonHint}
          value={mastodonInstance}
          error={errors.mastodonInstance}
          onChange={setMastodonInstance}
        />
      </fieldset>

      <fieldset className="admin-editor__box">
        <legend>{m.placement}</legend>
        <Check id="sharing-widget" checked={widget} onChange={setWidget}>
          {m.widget}
        </Check>
        <Check id="sharing-sticky" checked={sticky} onChange={setSticky} hint={m.stickyHint}>
          {m.sticky}
        </Check>
        <Check
          id="sharing-floating"
          checked={floating}
          onChange={setFloating}
          hint={m.floatingHint}
        >
          {m.floating}
        </Check>
        {floating && (
          <div className="admin-editor__when">
            <div className="admin-field">
              <label htmlFor="sharing-vertical">{m.height}</label>
              <select
                id="sharing-vertical"
                value={verticalMode}
                onChange={(event) => setVerticalMode(event.target.value as typeof verticalMode)}
              >
                <option value="top">{m.fromTop}</option>
                <option value="center">{m.middle}</option>
                <option value="bottom">{m.bottom}</option>
              </select>
            </div>
            <div className="admin-field">
              <label htmlFor="sharing-horizontal">{m.side}</label>
              <select
                id="sharing-horizontal"
                value={horizontal}
                onChange={(event) => setHorizontal(event.target.value as typeof horizontal)}
              >
                <option value="left">{m.left}</option>
                <option value="center">{m.centre}</option>
                <option value="right">{m.right}</option>
              </select>
            </div>
            {verticalMode === 'top' && (
              <TextField
                id="sharing-floating-position-vertical"
                label={m.topOffset}
                inputMode="numeric"
                value={topOffset}
                error={errors['floating.position.vertical']}
                onChange={setTopOffset}
              />
            )}
          </div>
        )}
        <Check
          id="sharing-facebookPagePlugin"
          checked={facebookPagePlugin}
          onChange={setFacebookPagePlugin}
          hint={m.facebookPageHint}
        >
          {m.facebookPage}
        </Check>
      </fieldset>

      <fieldset className="admin-editor__box">
        <legend>{m.popup}</legend>
        <Check
          id="sharing-popup-enabled"
          checked={popup.enabled}
          onChange={(checked) => setPopupField('enabled', checked)}
          hint={m.popupEnabledHint}
        >
          {m.popupEnabled}
        </Check>
        <TextField
          id="sharing-popup-title"
          label={m.popupTitle}
          hint={m.popupTitleHint}
          value={popup.title}
          error={errors['popup.title']}
          onChange={(value) => setPopupField('title', value)}
        />
        <TextField
          id="sharing-popup-text"
          label={m.popupText}
          value={popup.text}
          error={errors['popup.text']}
          onChange={(value) => setPopupField('text', value)}
        />
        <TextField
          id="sharing-popup-delaySeconds"
          label={m.popupDelay}
          hint={m.popupDelayHint}
          inputMode="numeric"
          value={popup.delaySeconds}
          error={errors['popup.delaySeconds']}
          onChange={(value) => setPopupField('delaySeconds', value)}
        />
        <Check
          id="sharing-popup-onBottom"
          checked={popup.onBottom}
          onChange={(checked) => setPopupField('onBottom', checked)}
        >
          {m.popupOnBottom}
        </Check>
        <div className="admin-editor__when">
          <TextField
            id="sharing-popup-background"
            label={m.background}
            value={popup.background}
            error={errors['popup.background']}
            onChange={(value) => setPopupField('background', value)}
          />
          <TextField
            id="sharing-popup-fontColor"
            label={m.fontColor}
            value={popup.fontColor}
            error={errors['popup.fontColor']}
            onChange={(value) => setPopupField('fontColor', value)}
          />
          <TextField
            id="sharing-popup-borderColor"
            label={m.borderColor}
            value={popup.borderColor}
            error={errors['popup.borderColor']}
            onChange={(value) => setPopupField('borderColor', value)}
          />
          <TextField
            id="sharing-popup-borderWidth"
            label={m.borderWidth}
            inputMode="numeric"
            value={popup.borderWidth}
            error={errors['popup.borderWidth']}
            onChange={(value) => setPopupField('borderWidth', value)}
          />
          <TextField
            id="sharing-popup-fontSize"
            label={m.fontSize}
            inputMode="numeric"
            value={popup.fontSize}
            error={errors['popup.fontSize']}
            onChange={(value) => setPopupField('fontSize', value)}
          />
          <div className="admin-field">
            <label htmlFor="sharing-popup-fontStyle">{m.fontStyle}</label>
            <select
              id="sharing-popup-fontStyle"
              value={popup.fontStyle}
              onChange={(event) => setPopupField('fontStyle', event.target.value)}
            >
              <option value="normal">{m.fontStyles.normal}</option>
              <option value="italic">{m.fontStyles.italic}</option>
              <option value="bold">{m.fontStyles.bold}</option>
              <option value="bold-italic">{m.fontStyles['bold-italic']}</option>
            </select>
          </div>
        </div>
        <TextField
          id="sharing-popup-fontFamily"
          label={m.font}
          hint={m.fontHint}
          value={popup.fontFamily}
          error={errors['popup.fontFamily']}
          onChange={(value) => setPopupField('fontFamily', value)}
        />
        <Check
          id="sharing-popup-shadow"
          checked={popup.shadow}
          onChange={(checked) => setPopupField('shadow', checked)}
        >
          {m.shadow}
        </Check>
      </fieldset>
      <SaveButton saving={saving} />
      <NoticeLines notice={notice} />
    </form>
  );
}
