import { type FormEvent, useRef, useState } from 'react';
import {
  Button,
  Dialog,
  Heading,
  Modal,
  Tab,
  TabList,
  TabPanel,
  Tabs,
} from 'react-aria-components';
import { paymentMessages } from '../../payments/messages.ts';
import type { ShareSettings } from '../../share/share-settings.ts';
import { adminMessages, demoItems, settingsScreenMessages } from '../messages.ts';
import {
  type SettingsField,
  type SettingsSectionName,
  settingsSections,
} from '../settings-sections.ts';
import { type AdminReply, callAdmin } from './admin-call.ts';
import { HeaderSettings } from './HeaderSettings.tsx';
import { ImageSetting } from './ImageSetting.tsx';
import { SharingSettings } from './SharingSettings.tsx';
import { type Notice, NoticeLines, SaveButton, useSettingsSave } from './settings-save.tsx';

type Values = Record<string, unknown>;
type HeaderValues = Parameters<typeof HeaderSettings>[0]['initial'];

type Props = {
  /** Each tab's current values, as stored. */
  values: Record<SettingsSectionName, Values>;
  /** The session's CSRF token, sent with every save. */
  csrf: string;
  /** Whether each secret setting is stored, set by the server's environment, or not set. */
  secrets: Record<string, SecretState>;
  /** Forms that cannot take their payments as the site is set, shown on the Payments tab. */
  paymentProblems: ReadonlyArray<{ id: number; title: string; problem: string }>;
  /** Where mail goes now: MAIL_URL's server, the one set on the Mail tab, or a local folder. */
  mailRoute: { source: 'environment' | 'settings' | 'none'; destination: string };
  /** The demo's items still on the site; undefined when it has none (decision 0053). */
  demo: Partial<Record<'posts' | 'pages' | 'forms' | 'images' | 'coupons', number>> | undefined;
};

type SecretState = 'set' | 'environment' | 'unset';

/** What the form holds: text for inputs (numbers too, as typed), booleans for checkboxes. */
function formValues(fields: readonly SettingsField[], values: Values): Values {
  const result: Values = {};
  for (const field of fields) {
    const value = values[field.name];
    result[field.name] =
      field.kind === 'checkbox'
        ? value === true
        : field.kind === 'image'
          ? (value ?? null)
          : String(value ?? '');
  }
  return result;
}

/**
 * What is checked and sent: numbers as numbers. An empty number field is null, which the
 * schema refuses: a default must never stand in for what the owner cleared.
 */
function typedValues(fields: readonly SettingsField[], form: Values): Values {
  const result: Values = {};
  for (const field of fields) {
    const value = form[field.name];
    result[field.name] =
      field.kind === 'number'
        ? String(value).trim() === ''
          ? null
          : Number(String(value).trim())
        : value;
  }
  return result;
}

/** One tab's form, with the seed's save helper (§2.12): "Saving..." and a 5 s message. */
function SettingsForm({
  section,
  initial,
  csrf,
  secrets,
  onSaved,
}: {
  section: SettingsSectionName;
  initial: Values;
  csrf: string;
  secrets: Record<string, SecretState>;
  onSaved?: (reply: AdminReply) => void;
}) {
  const fields: readonly SettingsField[] = settingsSections[section].fields;
  const [form, setForm] = useState(() => formValues(fields, initial));
  const { errors, saving, notice, save } = useSettingsSave(section, csrf, onSaved);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fieldErrors = await save(typedValues(fields, form));
    const first = fields.find((field) => fieldErrors[field.name]);
    if (first) document.getElementById(`${section}-${first.name}`)?.focus();
  };

  return (
    <form className="admin-form admin-settings-form" noValidate onSubmit={submit}>
      {fields.map((field) => {
        const id = `${section}-${field.name}`;
        const error = errors[field.name];
        const described = [field.hint ? `${id}-hint` : '', error ? `${id}-error` : '']
          .filter(Boolean)
          .join(' ');
        const common = {
          id,
          name: field.name,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': described || undefined,
        };
        const hint = field.hint ? (
          <p id={`${id}-hint`} className="admin-hint">
            {field.hint}
          </p>
        ) : null;
        const message = error ? (
          <p id={`${id}-error`} className="admin-field-error">
            {error}
          </p>
        ) : null;
        if (field.kind === 'image') {
          return (
            <ImageSetting
              key={field.name}
              id={id}
              label={field.label}
              hint={field.hint}
              error={error}
              value={(form[field.name] as number | null) ?? null}
              csrf={csrf}
              onChange={(image) => setForm({ ...form, [field.name]: image })}
            />
          );
        }
        if (field.kind === 'checkbox') {
          return (
            <div key={field.name} className="admin-check">
              <input
                {...common}
                type="checkbox"
                checked={form[field.name] === true}
                onChange={(event) => setForm({ ...form, [field.name]: event.target.checked })}
              />
              <label htmlFor={id}>{field.label}</label>
              {hint}
              {message}
            </div>
          );
        }
        const value = String(form[field.name] ?? '');
        const change = (text: string) => setForm({ ...form, [field.name]: text });
        return (
          <div key={field.name} className="admin-field">
            <label htmlFor={id}>{field.label}</label>
            {field.kind === 'select' ? (
              <select {...common} value={value} onChange={(e) => change(e.target.value)}>
                {(field.options ?? []).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : field.kind === 'secret' ? (
              <input
                {...common}
                type="password"
                autoComplete="off"
                spellCheck={false}
                value={value}
                disabled={secrets[field.name] === 'environment'}
                placeholder={
                  secrets[field.name] === 'environment'
                    ? adminMessages.secretFromEnvironment
                    : secrets[field.name] === 'set'
                      ? adminMessages.secretKept
                      : ''
                }
                onChange={(e) => change(e.target.value)}
              />
            ) : field.kind === 'textarea' ? (
              <textarea
                {...common}
                rows={3}
                value={value}
                onChange={(e) => change(e.target.value)}
              />
            ) : (
              <input
                {...common}
                type="text"
                inputMode={field.kind === 'number' ? 'numeric' : undefined}
                value={value}
                onChange={(e) => change(e.target.value)}
              />
            )}
            {hint}
            {message}
          </div>
        );
      })}
      <SaveButton saving={saving} />
      <NoticeLines notice={notice} />
    </form>
  );
}

/** The Mail tab's test: a mail to the signed-in owner at once, and what became of it. */
function TestMail({ csrf }: { csrf: string }) {
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice | undefined>();
  const send = async () => {
    if (sending) return;
    setSending(true);
    setNotice(undefined);
    const reply = await callAdmin('/admin/api/test-mail', csrf, {});
    setSending(false);
    setNotice({ kind: reply.ok ? 'success' : 'error', text: reply.message });
  };
  return (
    <div className="admin-test-mail">
      <button type="button" className="admin-button" aria-disabled={sending} onClick={send}>
        {sending ? adminMessages.sendingTestMail : adminMessages.sendTestMail}
      </button>
      <NoticeLines notice={notice} />
    </div>
  );
}

/** The Mail tab's first line: where mail goes now, and that MAIL_URL wins when set. */
function MailRoute({ route }: { route: Props['mailRoute'] }) {
  const m = settingsScreenMessages;
  if (route.source === 'none') {
    return (
      <p className="admin-warning" id="mail-kept-locally">
        {m.mailKeptLocally(route.destination)}
      </p>
    );
  }
  return (
    <p className="admin-notice" id="mail-route">
      {route.source === 'environment'
        ? m.mailFromEnvironment(route.destination)
        : m.mailThroughServer(route.destination)}
    </p>
  );
}

/** The Site tab's box while the demo is there: what it still has, and a confirmed removal. */
function DemoContent({ items, csrf }: { items: NonNullable<Props['demo']>; csrf: string }) {
  const m = settingsScreenMessages;
  const [asking, setAsking] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [done, setDone] = useState(false);
  const [notice, setNotice] = useState<Notice | undefined>();
  const remove = async () => {
    setAsking(false);
    setRemoving(true);
    const reply = await callAdmin('/admin/api/demo/remove', csrf, { confirm: true });
    setRemoving(false);
    setDone(reply.ok);
    setNotice({ kind: reply.ok ? 'success' : 'error', text: reply.message });
  };
  return (
    <section className="admin-editor__box admin-demo" aria-labelledby="demo-heading">
      <h2 id="demo-heading">{m.demoHeading}</h2>
      {!done && <p>{m.demoStill(demoItems(items))}</p>}
      {!done && (
        <button
          type="button"
          className="admin-button admin-button--danger"
          aria-disabled={removing}
          onClick={() => !removing && setAsking(true)}
        >
          {removing ? m.demoRemoving : m.demoRemove}
        </button>
      )}
      <NoticeLines notice={notice} />
      <Modal isOpen={asking} onOpenChange={setAsking} isDismissable className="admin-modal">
        <Dialog role="alertdialog" className="admin-dialog">
          <Heading slot="title">{m.demoConfirmTitle}</Heading>
          <p>{m.demoConfirmText(demoItems(items))}</p>
          <div className="admin-form__actions">
            <Button className="admin-button" onPress={() => setAsking(false)} autoFocus>
              {m.cancel}
            </Button>
            <Button className="admin-button admin-button--danger" onPress={() => void remove()}>
              {m.demoRemove}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </section>
  );
}

/** The Payments tab's list of forms that cannot take their payments as the site is set. */
function PaymentProblems({ problems }: { problems: Props['paymentProblems'] }) {
  if (problems.length === 0) return null;
  return (
    <div className="admin-warning" id="payment-problems">
      <p>{paymentMessages.formsWithProblems}</p>
      <ul>
        {problems.map((form) => (
          <li key={form.id}>
            <a href={`/admin/forms/${form.id}`}>{form.title}</a>: {form.problem}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** `/admin/settings`: a tab per group of settings, each saved on its own. */
export default function SettingsScreen({
  values,
  csrf,
  secrets,
  paymentProblems,
  mailRoute: initialMailRoute,
  demo,
}: Props) {
  // A saved Mail tab may change where mail goes: the server says where, and the line follows.
  const [mailRoute, setMailRoute] = useState(initialMailRoute);
  const names = Object.keys(settingsSections) as SettingsSectionName[];
  const list = useRef<HTMLDivElement>(null);
  // On a phone the tabs scroll sideways: the chosen one is brought into view.
  const showChosen = () =>
    requestAnimationFrame(() =>
      list.current
        ?.querySelector('[aria-selected="true"]')
        ?.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
    );
  return (
    <Tabs className="admin-tabs" onSelectionChange={showChosen}>
      <TabList ref={list} aria-label={settingsScreenMessages.tabs} className="admin-tabs__list">
        {names.map((name) => (
          <Tab key={name} id={name} className="admin-tabs__tab">
            {settingsSections[name].label}
          </Tab>
        ))}
      </TabList>
      {names.map((name) => (
        <TabPanel key={name} id={name} className="admin-tabs__panel">
          {name === 'mail' && <MailRoute route={mailRoute} />}
          {name === 'header' ? (
            <HeaderSettings initial={values.header as HeaderValues} csrf={csrf} />
          ) : name === 'sharing' ? (
            <SharingSettings initial={values.sharing as ShareSettings} csrf={csrf} />
          ) : (
            <SettingsForm
              section={name}
              initial={values[name]}
              csrf={csrf}
              secrets={secrets}
              onSaved={(reply) => {
                if (reply.mailRoute) setMailRoute(reply.mailRoute as Props['mailRoute']);
              }}
            />
          )}
          {name === 'site' && demo && <DemoContent items={demo} csrf={csrf} />}
          {name === 'mail' && <TestMail csrf={csrf} />}
          {name === 'payments' && <PaymentProblems problems={paymentProblems} />}
        </TabPanel>
      ))}
    </Tabs>
  );
}
