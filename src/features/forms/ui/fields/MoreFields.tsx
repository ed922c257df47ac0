// Over 500 lines on purpose: the less common field types are one lazy chunk (field-widgets.ts),
// loaded only by forms that use one; split, such a form would fetch a file per type.
import { useEffect, useState } from 'react';
import { fill } from '../../../../platform/fill-message.ts';
import { toZonedInputs } from '../../../../platform/time-zone.ts';
import { isInputField } from '../../field-kinds.ts';
import { asPart, asText, errorKey, fieldName } from '../../field-values.ts';
import type { FieldOfType } from '../../form-definition.ts';
import { checkMoreField } from '../../more-field-rules.ts';
import { answerText } from '../../more-field-values.ts';
import { moreMessages } from '../../more-messages.ts';
import { loadPasswordScorer } from '../../password-strength.ts';
import { hasStates } from '../../rules/address.ts';
import { formatDate, formatHint, parseDate } from '../../rules/date.ts';
import { maskPlaceholder } from '../../rules/mask.ts';
import { passwordUserInputs, strengthNames } from '../../rules/password.ts';
import { rowCount, rowPart } from '../../rules/repeater.ts';
import { likertPart } from '../../rules/scales.ts';
import { suggestedTimes } from '../../rules/time.ts';
import { viewMessages } from '../../view-messages.ts';
import { fieldEnvironment } from '../field-environment.ts';
import {
  Description,
  describedBy,
  ErrorText,
  type Inner,
  inputId,
  Label,
} from '../field-parts.tsx';
import type { FieldWidget } from '../field-widgets.ts';
import { useLazyModule } from '../use-lazy-module.ts';
import { RichTextInput } from './RichTextInput.tsx';

/*
 * The views of the field types beyond the core ones: dates, times, addresses, phones, masks,
 * passwords, rich text, scales, repeaters and the entry preview. A chunk only forms with such
 * fields load; each type's heavier library (the calendar, phone metadata, the mask engine,
 * the password dictionary) loads on its own once the field's page is shown.
 */

const loadDatePicker = () => import('./DatePicker.tsx');
const loadPhoneLibrary = () => import('./phone-library.ts');
const loadMask = () => import('./MaskedInput.tsx');
// The strength meter's scorer (zxcvbn), loaded when a password field is first focused. Not a
// module that awaits it at its top level: one such await costs every page requests (decision 0007).
const loadPasswordMeter = async () => ({ scorer: await loadPasswordScorer() });

function DateInput(props: Inner<FieldOfType<'date'>>) {
  const { field, id, error, value, readOnly, active } = props;
  const text = asText(value);
  const picker = useLazyModule(loadDatePicker, active && !readOnly);
  const today = fieldEnvironment.today ?? '';
  // Without JavaScript the browser's own date input (which sends yyyy-mm-dd); once the island
  // runs, a text input in the field's format with the calendar beside it, on every page (a
  // date input would drop a value in another format).
  const enhanced = useHydrated();
  useEffect(() => {
    if (!enhanced || text === '') return;
    const date = parseDate(text, field.dateFormat);
    const shown = date ? formatDate(date, field.dateFormat) : text;
    if (shown !== text) props.onChange(field, shown);
  }, [enhanced, text, field, props.onChange]);
  return (
    <>
      <Label field={field} htmlFor={id} />
      <div className="qforms-date">
        <input
          id={id}
          name={fieldName(field.id)}
          type={enhanced ? 'text' : 'date'}
          inputMode={enhanced ? 'numeric' : undefined}
          autoComplete="off"
          className="qforms-field-medium"
          value={text}
          min={!enhanced && field.disablePastDates ? today || undefined : undefined}
          placeholder={field.placeholder || (enhanced ? formatHint(field.dateFormat) : undefined)}
          required={props.nativeRequired}
          readOnly={readOnly}
          {...describedBy(field, id, error, enhanced ? [`${id}-format`] : [])}
          onChange={(e) => props.onChange(field, e.currentTarget.value)}
          onBlur={() => props.onBlur(field)}
        />
        {picker && (
          <picker.DatePicker
            field={field}
            value={text}
            today={today}
            inputId={id}
            disabled={readOnly}
            onPick={(picked: string) => {
              props.onChange(field, picked);
              props.onBlur(field);
            }}
          />
        )}
      </div>
      {enhanced && (
        <div id={`${id}-format`} className="qforms-field-sublabel">
          {formatHint(field.dateFormat)}
        </div>
      )}
      <Description field={field} id={id} />
      <ErrorText id={id} message={error} />
    </>
  );
}

/** False on the server and in the render that hydrates; true from then on. */
function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

function TimeInput(props: Inner<FieldOfType<'time'>>) {
  const { field, id, error, value, readOnly } = props;
  const listId = `${id}-times`;
  return (
    <>
      <Label field={field} htmlFor={id} />
      <input
        id={id}
        name={fieldName(field.id)}
        type="text"
        autoComplete="off"
        className="qforms-field-small"
        // Locked, the field offers no suggestions either (seed §4).
        list={readOnly ? undefined : listId}
        value={asText(value)}
        placeholder={field.placeholder || (field.format === '12h' ? '9:30 AM' : '14:30')}
        required={props.nativeRequired}
        readOnly={readOnly}
        {...describedBy(field, id, error)}
        onChange={(e) => props.onChange(field, e.currentTarget.value)}
        onBlur={() => props.onBlur(field)}
      />
      <datalist id={listId}>
        {suggestedTimes(field).map((time) => (
          <option key={time} value={time} />
        ))}
      </datalist>
      <Description field={field} id={id} />
      <ErrorText id={id} message={error} />
    </>
  );
}

function CountrySelect({
  id,
  name,
  value,
  countries,
  readOnly,
  required,
  describedById,
  onChange,
  onBlur,
}: {
  id: string;
  name: string;
  value: string;
  countries: ReadonlyArray<readonly [string, string]>;
  readOnly: boolean;
  required: boolean;
  describedById?: string | undefined;
  onChange: (code: string) => void;
  onBlur: () => void;
}) {
  return (
    <>
      <select
        id={id}
        name={readOnly ? undefined : name}
        value={value}
        disabled={readOnly}
        required={required}
        aria-describedby={describedById}
        autoComplete="country"
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={onBlur}
      >
        {countries.map(([countryName, code]) => (
          <option key={code} value={code}>
            {countryName}
          </option>
        ))}
      </select>
      {readOnly && <input type="hidden" name={name} value={value} readOnly />}
    </>
  );
}

function AddressInput(props: Inner<FieldOfType<'address'>>) {
  const { field, id, value, readOnly, errors, countries } = props;
  const part = (name: string) => asPart(value, name);
  const country = part('country') || field.defaultCountry;
  const statesInUse = hasStates(country);
  const change = (name: string, text: string) => {
    const next: Record<string, string> = {
      address1: part('address1'),
      address2: part('address2'),
      city: part('city'),
      state: part('state'),
      postal: part('postal'),
      country,
      [name]: text,
    };
    // Seed §4: a country without states clears the state input and makes it not required.
    if (name === 'country' && !hasStates(text)) next.state = '';
    props.onChange(field, next, name);
  };
  const input = (
    name: string,
    label: string,
    autoComplete: string,
    options: { required?: boolean; disabled?: boolean; className?: string } = {},
  ) => {
    const partId = inputId(props.idPrefix, field.id, name);
    const partError = errors[errorKey(field.id, name)];
    const required = options.required ?? field.required;
    return (
      <div className={`qforms-field-row-block qforms-address-${name} ${options.className ?? ''}`}>
        <input
          id={partId}
          name={fieldName(field.id, name)}
          type="text"
          autoComplete={autoComplete}
          value={part(name)}
          disabled={options.disabled}
          required={props.nativeRequired && required && !options.disabled}
          readOnly={readOnly}
          aria-required={required && !options.disabled ? true : undefined}
          aria-invalid={partError ? true : undefined}
          aria-describedby={partError ? `${partId}-error` : undefined}
          onChange={(e) => change(name, e.currentTarget.value)}
          onBlur={() => props.onBlur(field, name)}
        />
        <label htmlFor={partId} className="qforms-field-sublabel">
          {label}
        </label>
        <ErrorText id={partId} message={partError} />
      </div>
    );
  };
  const countryId = inputId(props.idPrefix, field.id, 'country');
  return (
    <>
      <Label field={field} asLegend />
      {input('address1', moreMessages.addressLine1, 'address-line1')}
      {field.address2 &&
        input('address2', moreMessages.addressLine2, 'address-line2', { required: false })}
      <div className="qforms-field-row">
        {input('city', moreMessages.addressCity, 'address-level2')}
        {input('state', moreMessages.addressState, 'address-level1', {
          required: field.required && statesInUse,
          disabled: !statesInUse,
        })}
      </div>
      <div className="qforms-field-row">
        {input('postal', moreMessages.addressPostal, 'postal-code')}
        <div className="qforms-field-row-block qforms-address-country">
          <CountrySelect
            id={countryId}
            name={fieldName(field.id, 'country')}
            value={country}
            countries={countries ?? [[country, country]]}
            readOnly={readOnly}
            required={props.nativeRequired}
            onChange={(code) => change('country', code)}
            onBlur={() => props.onBlur(field, 'country')}
          />
          <label htmlFor={countryId} className="qforms-field-sublabel">
            {moreMessages.addressCountry}
          </label>
          <ErrorText id={countryId} message={errors[errorKey(field.id, 'country')]} />
        </div>
      </div>
      <Description field={field} id={id} />
      <ErrorText id={id} message={props.error} />
    </>
  );
}

function PhoneInput(props: Inner<FieldOfType<'phone'>>) {
  const { field, id, error, value, readOnly, active, countries } = props;
  const library = useLazyModule(loadPhoneLibrary, active);
  const country = asPart(value, 'country') || field.defaultCountry;
  const number = asPart(value, 'number');
  const countryId = inputId(props.idPrefix, field.id, 'country');
  useEffect(() => {
    if (library) fieldEnvironment.phone = library.parsePhone;
  }, [library]);
  return (
    <>
      <Label field={field} asLegend />
      <div className="qforms-field-row qforms-phone">
        <div className="qforms-field-row-block qforms-phone-country">
          <CountrySelect
            id={countryId}
            name={fieldName(field.id, 'country')}
            value={country}
            countries={countries ?? [[country, country]]}
            readOnly={readOnly}
            required
            onChange={(code) => props.onChange(field, { country: code, number }, 'country')}
            onBlur={() => props.onBlur(field, 'country')}
          />
          <label htmlFor={countryId} className="qforms-field-sublabel">
            {library
              ? `${moreMessages.phoneCountry} (+${library.callingCode(country)})`
              : moreMessages.phoneCountry}
          </label>
        </div>
        <div className="qforms-field-row-block qforms-phone-number">
          <input
            id={id}
            name={fieldName(field.id, 'number')}
            type="tel"
            autoComplete="tel"
            value={number}
            placeholder={field.placeholder || undefined}
            required={props.nativeRequired}
            readOnly={readOnly}
            {...describedBy(field, id, error)}
            onChange={(e) => props.onChange(field, { country, number: e.currentTarget.value })}
            onBlur={() => {
              const tidy = library?.formatPhone(number, country);
              if (tidy && tidy !== number) props.onChange(field, { country, number: tidy });
              props.onBlur(field);
            }}
          />
          <label htmlFor={id} className="qforms-field-sublabel">
            {moreMessages.phoneNumber}
          </label>
        </div>
      </div>
      <Description field={field} id={id} />
      <ErrorText id={id} message={error} />
    </>
  );
}

function MaskedField(props: Inner<FieldOfType<'masked'>>) {
  const { field, id, error, value, readOnly, active } = props;
  const masked = useLazyModule(loadMask, active && !readOnly);
  const inputProps = {
    id,
    name: fieldName(field.id),
    type: 'text',
    autoComplete: 'off',
    className: 'qforms-field-medium',
    value: asText(value),
    placeholder: field.placeholder || maskPlaceholder(field.mask),
    required: props.nativeRequired,
    readOnly,
    ...describedBy(field, id, error),
    onBlur: () => props.onBlur(field),
  };
  return (
    <>
      <Label field={field} htmlFor={id} />
      {masked ? (
        <masked.MaskedInput
          mask={field.mask}
          inputProps={inputProps}
          onValue={(text: string) => props.onChange(field, text)}
        />
      ) : (
        <input {...inputProps} onChange={(e) => props.onChange(field, e.currentTarget.value)} />
      )}
      <Description field={field} id={id} />
      <ErrorText id={id} message={error} />
    </>
  );
}

function PasswordInput(props: Inner<FieldOfType<'password'>>) {
  const { field, id, error, value, readOnly, errors } = props;
  const [wanted, setWanted] = useState(false);
  const meter = useLazyModule(loadPasswordMeter, wanted && field.strengthLevel !== undefined);
  const primary = field.confirmation ? asPart(value, 'primary') : asText(value);
  const secondary = asPart(value, 'secondary');
  const fields = props.answers?.fields;
  useEffect(() => {
    if (!meter) return;
    fieldEnvironment.passwordScore = meter.scorer;
    fieldEnvironment.passwordInputs = (values) =>
      passwordUserInputs({ fields: fields ?? [] }, values);
  }, [meter, fields]);
  const score =
    meter && primary !== ''
      ? meter.scorer(
          primary,
          props.answers ? passwordUserInputs(props.answers, props.answers.values) : [],
        )
      : undefined;
  const meterId = `${id}-strength`;
  const first = (
    <input
      id={id}
      name={field.confirmation ? fieldName(field.id, 'primary') : fieldName(field.id)}
      type="password"
      autoComplete="new-password"
      className="qforms-field-large"
      value={primary}
      placeholder={field.placeholder || undefined}
      required={props.nativeRequired}
      readOnly={readOnly}
      {...describedBy(field, id, error, field.strengthLevel ? [meterId] : [])}
      onFocus={() => setWanted(true)}
      onChange={(e) =>
        props.onChange(
          field,
          field.confirmation
            ? { primary: e.currentTarget.value, secondary }
            : e.currentTarget.value,
        )
      }
      onBlur={() => props.onBlur(field)}
    />
  );
  const strength = field.strengthLevel !== undefined && (
    <div id={meterId} className="qforms-password-strength" aria-live="polite">
      {score !== undefined && (
        <>
          <meter min={0} max={4} low={2} high={3} optimum={4} value={score} aria-hidden="true" />
          <span>
            {fill(moreMessages.passwordStrength, { strength: strengthNames[score] ?? '' })}
          </span>
        </>
      )}
    </div>
  );
  if (!field.confirmation) {
    return (
      <>
        <Label field={field} htmlFor={id} />
        {first}
        {strength}
        <Description field={field} id={id} />
        <ErrorText id={id} message={error} />
      </>
    );
  }
  const secondId = inputId(props.idPrefix, field.id, 'secondary');
  const secondError = errors[errorKey(field.id, 'secondary')];
  return (
    <>
      <Label field={field} asLegend />
      <div className="qforms-field-row">
        <div className="qforms-field-row-block">
          {first}
          <label htmlFor={id} className="qforms-field-sublabel">
            {field.label || moreMessages.passwordLabel}
          </label>
          {strength}
          <ErrorText id={id} message={error} />
        </div>
        <div className="qforms-field-row-block">
          <input
            id={secondId}
            name={fieldName(field.id, 'secondary')}
            type="password"
            autoComplete="new-password"
            value={secondary}
            required={props.nativeRequired}
            readOnly={readOnly}
            aria-invalid={secondError ? true : undefined}
            aria-describedby={secondError ? `${secondId}-error` : undefined}
            onChange={(e) =>
              props.onChange(field, { primary, secondary: e.currentTarget.value }, 'secondary')
            }
            onBlur={() => props.onBlur(field, 'secondary')}
          />
          <label htmlFor={secondId} className="qforms-field-sublabel">
            {moreMessages.passwordConfirmationLabel}
          </label>
          <ErrorText id={secondId} message={secondError} />
        </div>
      </div>
      <Description field={field} id={id} />
    </>
  );
}

const ratingSymbols = { star: '★', heart: '♥', thumb: '👍', smiley: '☺' } as const;

function RatingInput(props: Inner<FieldOfType<'rating'>>) {
  const { field, id, error, value, readOnly } = props;
  const current = Number(asText(value)) || 0;
  return (
    <>
      <Label field={field} asLegend />
      <div className={`qforms-rating qforms-rating-${field.icon}`}>
        {Array.from({ length: field.scale }, (_, index) => {
          const n = index + 1;
          const choiceId = `${id}_${n}`;
          return (
            <span
              key={n}
              className={
                n <= current ? 'qforms-rating-icon qforms-rating-on' : 'qforms-rating-icon'
              }
            >
              <input
                id={choiceId}
                type="radio"
                name={fieldName(field.id)}
                value={String(n)}
                checked={current === n}
                required={props.nativeRequired}
                disabled={readOnly && current !== n}
                {...describedBy(field, id, error)}
                onChange={() => props.onChange(field, String(n))}
                onBlur={() => props.onBlur(field)}
              />
              <label
                htmlFor={choiceId}
                title={fill(moreMessages.ratingValue, { value: n, scale: field.scale })}
              >
                <span aria-hidden="true">{ratingSymbols[field.icon]}</span>
                <span className="qforms-visually-hidden">
                  {fill(moreMessages.ratingValue, { value: n, scale: field.scale })}
                </span>
              </label>
            </span>
          );
        })}
      </div>
      <Description field={field} id={id} />
      <ErrorText id={id} message={error} />
    </>
  );
}

const npsScores = Array.from({ length: 11 }, (_, n) => n);

function NpsInput(props: Inner<FieldOfType<'net-promoter-score'>>) {
  const { field, id, error, value, readOnly } = props;
  const current = asText(value);
  return (
    <>
      <Label field={field} asLegend />
      <div className="qforms-nps">
        <div className="qforms-nps-scores">
          {npsScores.map((n) => {
            const choiceId = `${id}_${n}`;
            return (
              <span key={n}>
                <input
                  id={choiceId}
                  type="radio"
                  name={fieldName(field.id)}
                  value={String(n)}
                  checked={current === String(n)}
                  required={props.nativeRequired}
                  disabled={readOnly && current !== String(n)}
                  {...describedBy(field, id, error, [`${id}-scale`])}
                  onChange={() => props.onChange(field, String(n))}
                  onBlur={() => props.onBlur(field)}
                />
                <label htmlFor={choiceId}>{n}</label>
              </span>
            );
          })}
        </div>
        <div id={`${id}-scale`} className="qforms-nps-labels">
          <span>0 = {field.lowLabel}</span>
          <span>10 = {field.highLabel}</span>
        </div>
      </div>
      <Description field={field} id={id} />
      <ErrorText id={id} message={error} />
    </>
  );
}

function LikertInput(props: Inner<FieldOfType<'likert-scale'>>) {
  const { field, id, error, value, readOnly, errors } = props;
  const part = (name: string) => asPart(value, name);
  const parts = () =>
    typeof value === 'object' && !Array.isArray(value)
      ? { ...value }
      : ({} as Record<string, string>);
  return (
    <>
      <Label field={field} asLegend />
      <table className="qforms-likert">
        <thead>
          <tr>
            <td />
            {field.columns.map((column, c) => (
              <th key={column} scope="col" id={`${id}-col${c}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {field.rows.map((row, r) => {
            const rowError = errors[errorKey(field.id, likertPart(r))];
            const rowId = `${id}-row${r}`;
            return (
              <tr key={row} className={rowError ? 'qforms-has-error' : undefined}>
                <th scope="row" id={rowId}>
                  {row}
                  <ErrorText id={rowId} message={rowError} />
                </th>
                {field.columns.map((column, c) => {
                  const single = !field.multiple;
                  const name = single
                    ? fieldName(field.id, likertPart(r))
                    : fieldName(field.id, likertPart(r, c));
                  const checked = single
                    ? part(likertPart(r)) === column
                    : part(likertPart(r, c)) === '1';
                  return (
                    <td key={column} data-column={column}>
                      <input
                        type={single ? 'radio' : 'checkbox'}
                        name={name}
                        value={single ? column : '1'}
                        checked={checked}
                        aria-labelledby={`${rowId} ${id}-col${c}`}
                        aria-describedby={rowError ? `${rowId}-error` : undefined}
                        disabled={readOnly && !checked}
                        onChange={(e) => {
                          const next = parts();
                          if (single) next[likertPart(r)] = column;
                          else next[likertPart(r, c)] = e.currentTarget.checked ? '1' : '';
                          props.onChange(field, next, likertPart(r));
                        }}
                        onBlur={() => props.onBlur(field, likertPart(r))}
                      />
                      <span className="qforms-likert-column" aria-hidden="true">
                        {column}
                      </span>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      <Description field={field} id={id} />
      <ErrorText id={id} message={error} />
    </>
  );
}

function RepeaterInput(props: Inner<FieldOfType<'repeater'>>) {
  const { field, id, error, value, readOnly, errors } = props;
  const rows = rowCount(field, value);
  const parts = typeof value === 'object' && !Array.isArray(value) ? value : {};
  const change = (next: Record<string, string>, part?: string) => props.onChange(field, next, part);
  const removeRow = (row: number) => {
    const next: Record<string, string> = { rows: String(rows - 1) };
    for (let r = 0, to = 0; r < rows; r++) {
      if (r === row) continue;
      for (const sub of field.fields) next[rowPart(to, sub.id)] = parts[rowPart(r, sub.id)] ?? '';
      to++;
    }
    change(next);
  };
  return (
    <>
      <Label field={field} asLegend />
      <input type="hidden" name={fieldName(field.id, 'rows')} value={rows} readOnly />
      <ol className="qforms-repeater-rows">
        {Array.from({ length: rows }, (_, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position; removing one moves the later ones up
          <li key={row} className="qforms-repeater-row">
            <span className="qforms-visually-hidden">
              {fill(moreMessages.repeaterRow, { row: row + 1 })}
            </span>
            {field.fields.map((sub) => {
              const part = rowPart(row, sub.id);
              const cellId = inputId(props.idPrefix, field.id, part);
              const cellError = errors[errorKey(field.id, part)];
              const cellValue = parts[part] ?? '';
              const common = {
                id: cellId,
                name: fieldName(field.id, part),
                value: cellValue,
                readOnly,
                'aria-invalid': cellError ? true : undefined,
                'aria-describedby': cellError ? `${cellId}-error` : undefined,
                onBlur: () => props.onBlur(field, part),
              };
              const set = (text: string) =>
                change({ ...parts, rows: String(rows), [part]: text }, part);
              return (
                <div key={sub.id} className="qforms-repeater-cell">
                  <label htmlFor={cellId} className="qforms-field-sublabel">
                    {sub.label}
                    {sub.required && <span aria-hidden="true"> *</span>}
                  </label>
                  {sub.type === 'select' ? (
                    <select
                      {...common}
                      name={readOnly ? undefined : common.name}
                      disabled={readOnly}
                      onChange={(e) => set(e.currentTarget.value)}
                    >
                      <option value="">{sub.placeholder || '—'}</option>
                      {sub.choices.map((choice) => (
                        <option key={choice.label} value={choice.value ?? choice.label}>
                          {choice.label}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input
                      {...common}
                      type={sub.type === 'email' ? 'email' : sub.type === 'url' ? 'url' : 'text'}
                      inputMode={sub.type === 'number' ? 'decimal' : undefined}
                      placeholder={
                        sub.type === 'date'
                          ? formatHint(sub.dateFormat)
                          : sub.type === 'time'
                            ? sub.format === '12h'
                              ? '9:30 AM'
                              : '14:30'
                            : sub.placeholder || undefined
                      }
                      onChange={(e) => set(e.currentTarget.value)}
                    />
                  )}
                  {readOnly && sub.type === 'select' && (
                    <input type="hidden" name={common.name} value={cellValue} readOnly />
                  )}
                  <ErrorText id={cellId} message={cellError} />
                </div>
              );
            })}
            {rows > Math.max(field.minRows, 1) && !readOnly && (
              <button
                type="button"
                className="qforms-repeater-remove"
                aria-label={`${field.removeText}: ${fill(moreMessages.repeaterRow, { row: row + 1 })}`}
                onClick={() => removeRow(row)}
              >
                {field.removeText}
              </button>
            )}
          </li>
        ))}
      </ol>
      {rows < field.maxRows && !readOnly && props.active && (
        <button
          type="button"
          className="qforms-repeater-add"
          onClick={() => change({ ...parts, rows: String(rows + 1) })}
        >
          {field.addText}
        </button>
      )}
      <Description field={field} id={id} />
      <ErrorText id={id} message={error} />
    </>
  );
}

function RichText(props: Inner<FieldOfType<'rich-text'>>) {
  const { field, id, error, value, readOnly } = props;
  const hydrated = useHydrated();
  return (
    <>
      <Label field={field} htmlFor={id} id={`${id}-label`} />
      {hydrated && !readOnly ? (
        <RichTextInput
          id={id}
          name={fieldName(field.id)}
          html={asText(value)}
          describedBy={{
            ...describedBy(field, id, error),
            'aria-labelledby': field.label ? `${id}-label` : undefined,
          }}
          onChange={(html) => props.onChange(field, html)}
          onBlur={() => props.onBlur(field)}
        />
      ) : (
        <textarea
          id={id}
          name={fieldName(field.id)}
          className="qforms-field-medium"
          rows={6}
          value={asText(value)}
          readOnly={readOnly}
          required={props.nativeRequired}
          {...describedBy(field, id, error)}
          onChange={(e) => props.onChange(field, e.currentTarget.value)}
          onBlur={() => props.onBlur(field)}
        />
      )}
      <Description field={field} id={id} />
      <ErrorText id={id} message={error} />
    </>
  );
}

function EntryPreview(props: Inner<FieldOfType<'entry-preview'>>) {
  const { field, answers } = props;
  const shown = (answers?.fields ?? []).filter(
    (f) => isInputField(f) && f.type !== 'hidden' && answers?.visible.has(f.id),
  );
  return (
    <>
      {field.label && <h3 className="qforms-divider-title">{field.label}</h3>}
      {field.notice && <p className="qforms-field-description">{field.notice}</p>}
      <dl className="qforms-entry-preview" aria-live="polite">
        {shown.map((f) => {
          const text = answerText(f, answers?.values[f.id]);
          return (
            <div key={f.id}>
              <dt>{f.label || fill(viewMessages.mailUnnamedField, { id: f.id })}</dt>
              <dd>{text || viewMessages.mailEmptyValue}</dd>
            </div>
          );
        })}
      </dl>
    </>
  );
}

/** The site's today for date fields, in its time zone, as the server counts it. */
function rememberToday(timeZone: string | undefined) {
  if (timeZone && fieldEnvironment.today === undefined) {
    fieldEnvironment.today = toZonedInputs(Date.now(), timeZone).date;
  }
}

fieldEnvironment.moreRules = checkMoreField;

export const widgets: Record<string, FieldWidget> = {
  date: (props) => {
    rememberToday(props.timeZone);
    return <DateInput {...props} />;
  },
  time: (props) => <TimeInput {...props} />,
  address: (props) => {
    if (props.countries && !fieldEnvironment.countries) {
      fieldEnvironment.countries = new Set(props.countries.map(([, code]) => code));
    }
    return <AddressInput {...props} />;
  },
  phone: (props) => <PhoneInput {...props} />,
  masked: (props) => <MaskedField {...props} />,
  password: (props) => <PasswordInput {...props} />,
  'rich-text': (props) => <RichText {...props} />,
  rating: (props) => <RatingInput {...props} />,
  'net-promoter-score': (props) => <NpsInput {...props} />,
  'likert-scale': (props) => <LikertInput {...props} />,
  repeater: (props) => {
    rememberToday(props.timeZone);
    return <RepeaterInput {...props} />;
  },
  'entry-preview': (props) => <EntryPreview {...props} />,
};
