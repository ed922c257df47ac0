// Over 500 lines on purpose: the dispatcher from a field's type to its view, with the common
// field types' views, which every form's first chunk carries; the rarer ones load lazily apart.
import type { ReactNode } from 'react';
import { fill } from '../../../platform/fill-message.ts';
import { htmlOf } from '../../../platform/sanitised-html.ts';
import { choiceValue } from '../field-kinds.ts';
import { errorKey } from '../field-rules.ts';
import { asList, asPart, asText, fieldName } from '../field-values.ts';
import type { FieldOfType, FormField } from '../form-definition.ts';
import { formMessages } from '../messages.ts';
import { counterText } from '../rules/text-limits.ts';
import {
  Description,
  describedBy,
  ErrorText,
  errorId,
  type FieldViewProps,
  type Inner,
  inputId,
  Label,
} from './field-parts.tsx';
import { isGroupedWidget, loadedWidgets } from './field-widgets.ts';
import { useLazyModule } from './use-lazy-module.ts';

/** One field of a form, with the markup contract `qforms[fields][{id}]` (seed §3). */
export function FieldView(props: FieldViewProps) {
  const { field, idPrefix, errors } = props;
  const id = inputId(idPrefix, field.id);
  const error = errors[errorKey(field.id)];
  const classes = [
    'qforms-field',
    `qforms-field-${field.type}`,
    field.cssClass,
    error || Object.keys(errors).some((k) => k.startsWith(`${field.id}[`))
      ? 'qforms-has-error'
      : '',
  ]
    .filter(Boolean)
    .join(' ');
  const wrap = (children: ReactNode, group = false) =>
    group ? (
      <fieldset
        className={classes}
        id={`${id}-container`}
        data-field-id={field.id}
        data-field-type={field.type}
      >
        {children}
      </fieldset>
    ) : (
      <div
        className={classes}
        id={`${id}-container`}
        data-field-id={field.id}
        data-field-type={field.type}
      >
        {children}
      </div>
    );

  switch (field.type) {
    case 'text':
    case 'url':
    case 'number':
      return wrap(<SingleInput {...props} id={id} error={error} />);
    case 'textarea':
      return wrap(<TextArea {...props} field={field} id={id} error={error} />);
    case 'name':
      return wrap(
        <NameInput {...props} field={field} id={id} error={error} />,
        field.format === 'first-last',
      );
    case 'email':
      return wrap(
        <EmailInput {...props} field={field} id={id} error={error} />,
        field.confirmation,
      );
    case 'number-slider':
      return wrap(<Slider {...props} field={field} id={id} error={error} />);
    case 'hidden':
      return (
        <input
          type="hidden"
          id={id}
          name={fieldName(field.id)}
          value={asText(props.value)}
          readOnly
          data-field-id={field.id}
          data-field-type={field.type}
        />
      );
    case 'checkbox':
    case 'radio':
      return wrap(<Choices {...props} field={field} id={id} error={error} />, true);
    case 'select':
      return wrap(<Select {...props} field={field} id={id} error={error} />);
    case 'gdpr-checkbox':
      return wrap(<Gdpr {...props} field={field} id={id} error={error} />, true);
    case 'content':
    case 'html':
      return wrap(
        props.markup && (
          <div
            className={`qforms-field-${field.type}-body`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: SanitisedHtml, made by the server's sanitiser
            dangerouslySetInnerHTML={{ __html: htmlOf(props.markup) }}
          />
        ),
      );
    case 'divider':
      return wrap(
        <>
          {field.label && <h3 className="qforms-divider-title">{field.label}</h3>}
          {field.description && <p className="qforms-field-description">{field.description}</p>}
        </>,
      );
    case 'pagebreak':
      return null;
    default: {
      // A type of a widget group (payments, dates, files…), loaded before the island hydrates.
      const Widget = loadedWidgets.widgets[field.type];
      if (!Widget) return null;
      return wrap(
        <Widget {...props} field={field} id={id} error={error} />,
        isGroupedWidget(field),
      );
    }
  }
}

function Counter({ id, value, field }: { id: string; value: string; field: FormField }) {
  if ((field.type !== 'text' && field.type !== 'textarea') || !field.limit) return null;
  return (
    <div id={`${id}-limit`} className="qforms-field-limit-text" aria-live="polite">
      {counterText(value, field.limit)}
    </div>
  );
}

function SingleInput(props: Inner) {
  const { field, id, error, value, readOnly } = props;
  const text = asText(value);
  const placeholder = 'placeholder' in field ? field.placeholder : '';
  const limited = field.type === 'text' && field.limit ? [`${id}-limit`] : [];
  return (
    <>
      <Label field={field} htmlFor={id} />
      <input
        id={id}
        name={fieldName(field.id)}
        type={field.type === 'url' ? 'url' : 'text'}
        inputMode={field.type === 'number' ? 'decimal' : undefined}
        autoComplete={field.type === 'url' ? 'url' : undefined}
        className="qforms-field-large"
        value={text}
        placeholder={placeholder || undefined}
        required={props.nativeRequired}
        readOnly={readOnly}
        {...describedBy(field, id, error, limited)}
        onChange={(e) => props.onChange(field, e.currentTarget.value)}
        onBlur={() => props.onBlur(field)}
        onKeyDown={field.type === 'number' ? props.onNumberKey : undefined}
      />
      <Counter id={id} value={text} field={field} />
      <Description field={field} id={id} />
      <ErrorText id={id} message={error} />
    </>
  );
}

function TextArea(props: Inner<FieldOfType<'textarea'>>) {
  const { field, id, error, value, readOnly } = props;
  const text = asText(value);
  return (
    <>
      <Label field={field} htmlFor={id} />
      <textarea
        id={id}
        name={fieldName(field.id)}
        className="qforms-field-medium"
        rows={5}
        value={text}
        placeholder={field.placeholder || undefined}
        required={props.nativeRequired}
        readOnly={readOnly}
        {...describedBy(field, id, error, field.limit ? [`${id}-limit`] : [])}
        onChange={(e) => props.onChange(field, e.currentTarget.value)}
        onBlur={() => props.onBlur(field)}
      />
      <Counter id={id} value={text} field={field} />
      <Description field={field} id={id} />
      <ErrorText id={id} message={error} />
    </>
  );
}

function NameInput(props: Inner<FieldOfType<'name'>>) {
  const { field, id, error, value, readOnly, errors } = props;
  if (field.format === 'simple') {
    return <SingleInput {...props} />;
  }
  const part = (name: 'first' | 'last', label: string) => {
    const partId = inputId(props.idPrefix, field.id, name);
    const partError = errors[errorKey(field.id, name)];
    return (
      <div className={`qforms-field-row-block qforms-${name}`}>
        <input
          id={partId}
          name={fieldName(field.id, name)}
          type="text"
          autoComplete={name === 'first' ? 'given-name' : 'family-name'}
          value={asPart(value, name)}
          required={props.nativeRequired}
          readOnly={readOnly}
          {...describedBy(field, partId, partError)}
          aria-describedby={
            [field.description ? `${id}-description` : '', partError ? errorId(partId) : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
          onChange={(e) =>
            props.onChange(
              field,
              {
                first: asPart(value, 'first'),
                last: asPart(value, 'last'),
                [name]: e.currentTarget.value,
              },
              name,
            )
          }
          onBlur={() => props.onBlur(field, name)}
        />
        <label htmlFor={partId} className="qforms-field-sublabel">
          {label}
        </label>
        <ErrorText id={partId} message={partError} />
      </div>
    );
  };
  return (
    <>
      <Label field={field} asLegend />
      <div className="qforms-field-row">
        {part('first', formMessages.firstName)}
        {part('last', formMessages.lastName)}
      </div>
      <Description field={field} id={id} />
      <ErrorText id={id} message={error} />
    </>
  );
}

function Suggestion({
  field,
  suggestion,
  onAccept,
}: {
  field: FormField;
  suggestion: string | undefined;
  onAccept: ((field: FormField, suggestion: string) => void) | undefined;
}) {
  if (!suggestion || !onAccept) return null;
  const [before, after] = formMessages.emailSuggestion.split('{suggestion}');
  return (
    <div className="qforms-email-suggestion" aria-live="polite">
      {before}
      <button
        type="button"
        className="qforms-email-suggestion-accept"
        title={formMessages.emailSuggestionTitle}
        onClick={() => onAccept(field, suggestion)}
      >
        {suggestion}
      </button>
      {after}
    </div>
  );
}

function EmailInput(props: Inner<FieldOfType<'email'>>) {
  const { field, id, error, value, readOnly, errors } = props;
  const primary = field.confirmation ? asPart(value, 'primary') : asText(value);
  const input = (
    <input
      id={id}
      name={field.confirmation ? fieldName(field.id, 'primary') : fieldName(field.id)}
      type="email"
      autoComplete="email"
      spellCheck={false}
      className="qforms-field-large"
      value={primary}
      placeholder={field.placeholder || undefined}
      required={props.nativeRequired}
      readOnly={readOnly}
      {...describedBy(field, id, error)}
      onChange={(e) =>
        props.onChange(
          field,
          field.confirmation
            ? { primary: e.currentTarget.value, secondary: asPart(value, 'secondary') }
            : e.currentTarget.value,
        )
      }
      onBlur={() => props.onBlur(field)}
    />
  );
  if (!field.confirmation) {
    return (
      <>
        <Label field={field} htmlFor={id} />
        {input}
        <Suggestion
          field={field}
          suggestion={props.suggestion}
          onAccept={props.onAcceptSuggestion}
        />
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
        <div className="qforms-field-row-block qforms-primary">
          {input}
          <label htmlFor={id} className="qforms-field-sublabel">
            {field.label || formMessages.email}
          </label>
          <Suggestion
            field={field}
            suggestion={props.suggestion}
            onAccept={props.onAcceptSuggestion}
          />
          <ErrorText id={id} message={error} />
        </div>
        <div className="qforms-field-row-block qforms-secondary">
          <input
            id={secondId}
            name={fieldName(field.id, 'secondary')}
            type="email"
            autoComplete="email"
            spellCheck={false}
            value={asPart(value, 'secondary')}
            placeholder={field.confirmationPlaceholder || undefined}
            required={props.nativeRequired}
            readOnly={readOnly}
            {...describedBy(field, secondId, secondError)}
            onChange={(e) =>
              props.onChange(field, { primary, secondary: e.currentTarget.value }, 'secondary')
            }
            onBlur={() => props.onBlur(field, 'secondary')}
          />
          <label htmlFor={secondId} className="qforms-field-sublabel">
            {formMessages.emailConfirmationLabel}
          </label>
          <ErrorText id={secondId} message={secondError} />
        </div>
      </div>
      <Description field={field} id={id} />
    </>
  );
}

function Slider(props: Inner<FieldOfType<'number-slider'>>) {
  const { field, id, error, value, readOnly } = props;
  const current = asText(value);
  return (
    <>
      <Label field={field} htmlFor={id} />
      <input
        id={id}
        name={fieldName(field.id)}
        type="range"
        min={field.min}
        max={field.max}
        step={field.step}
        value={current}
        disabled={readOnly}
        {...describedBy(field, id, error, [`${id}-hint`])}
        onChange={(e) => props.onChange(field, e.currentTarget.value)}
        onBlur={() => props.onBlur(field)}
      />
      {readOnly && <input type="hidden" name={fieldName(field.id)} value={current} readOnly />}
      <div id={`${id}-hint`} className="qforms-field-number-slider-hint" aria-live="polite">
        {fill(field.valueHint, { value: current })}
      </div>
      <Description field={field} id={id} />
      <ErrorText id={id} message={error} />
    </>
  );
}

function Choices(props: Inner<FieldOfType<'checkbox' | 'radio'>>) {
  const { field, id, error, value, readOnly } = props;
  const multiple = field.type === 'checkbox';
  const picked = multiple ? asList(value) : [asText(value)];
  return (
    <>
      <Label field={field} asLegend />
      <ul
        className={field.imageChoices ? 'qforms-choices qforms-image-choices' : 'qforms-choices'}
        data-choice-limit={field.type === 'checkbox' ? field.choiceLimit : undefined}
      >
        {field.choices.map((choice, index) => {
          const choiceId = `${id}_${index + 1}`;
          const choiceVal = choiceValue(choice);
          const checked = picked.includes(choiceVal);
          return (
            <li key={choiceId} className={checked ? 'qforms-selected' : undefined}>
              <input
                id={choiceId}
                type={field.type}
                name={multiple ? `${fieldName(field.id)}[]` : fieldName(field.id)}
                value={choiceVal}
                checked={checked}
                required={props.nativeRequired && !multiple}
                disabled={readOnly && !checked}
                {...describedBy(field, id, error)}
                onChange={(e) => {
                  if (!multiple) return props.onChange(field, choiceVal);
                  const next = e.currentTarget.checked
                    ? [...picked, choiceVal]
                    : picked.filter((v) => v !== choiceVal);
                  props.onChange(field, next);
                }}
                onBlur={() => props.onBlur(field)}
                onClick={readOnly ? (e) => e.preventDefault() : undefined}
              />
              <label htmlFor={choiceId} className="qforms-field-label-inline">
                {field.imageChoices && choice.image && (
                  <img src={choice.image} alt="" loading="lazy" className="qforms-choice-image" />
                )}
                {choice.label}
              </label>
            </li>
          );
        })}
      </ul>
      <Description field={field} id={id} />
      <ErrorText id={id} message={error} />
    </>
  );
}

const loadCombobox = () => import('./fields/Combobox.tsx');

function Select(props: Inner<FieldOfType<'select'>>) {
  const { field, id, error, value, readOnly } = props;
  const picked = field.multiple ? asList(value) : asText(value);
  const modern = useLazyModule(loadCombobox, field.style === 'modern' && props.active && !readOnly);
  if (modern) {
    return (
      <>
        <Label field={field} htmlFor={id} />
        <modern.Combobox
          id={id}
          name={field.multiple ? `${fieldName(field.id)}[]` : fieldName(field.id)}
          choices={field.choices}
          multiple={field.multiple}
          picked={Array.isArray(picked) ? picked : [picked].filter(Boolean)}
          placeholder={field.placeholder}
          describedBy={describedBy(field, id, error)}
          readOnly={readOnly}
          onChange={(next) => {
            props.onChange(field, field.multiple ? next : (next[0] ?? ''));
          }}
          onBlur={() => props.onBlur(field)}
        />
        <Description field={field} id={id} />
        <ErrorText id={id} message={error} />
      </>
    );
  }
  return (
    <>
      <Label field={field} htmlFor={id} />
      <select
        id={id}
        name={field.multiple ? `${fieldName(field.id)}[]` : fieldName(field.id)}
        className="qforms-field-medium"
        multiple={field.multiple}
        value={picked}
        required={props.nativeRequired}
        disabled={readOnly}
        {...describedBy(field, id, error)}
        onChange={(e) =>
          props.onChange(
            field,
            field.multiple
              ? Array.from(e.currentTarget.selectedOptions, (o) => o.value)
              : e.currentTarget.value,
          )
        }
        onBlur={() => props.onBlur(field)}
      >
        {!field.multiple && (
          <option value="" disabled={field.required && picked !== ''}>
            {field.placeholder || '—'}
          </option>
        )}
        {field.choices.map((choice) => (
          <option key={choiceValue(choice)} value={choiceValue(choice)}>
            {choice.label}
          </option>
        ))}
      </select>
      {readOnly &&
        (Array.isArray(picked) ? picked : [picked]).map((v) => (
          <input
            key={v}
            type="hidden"
            name={field.multiple ? `${fieldName(field.id)}[]` : fieldName(field.id)}
            value={v}
            readOnly
          />
        ))}
      <Description field={field} id={id} />
      <ErrorText id={id} message={error} />
    </>
  );
}

function Gdpr(props: Inner<FieldOfType<'gdpr-checkbox'>>) {
  const { field, id, error, value, readOnly } = props;
  const checked = asList(value).includes('1');
  const choiceId = `${id}_1`;
  return (
    <>
      <Label field={field} asLegend />
      <div className="qforms-gdpr">
        <input
          id={choiceId}
          type="checkbox"
          name={`${fieldName(field.id)}[]`}
          value="1"
          checked={checked}
          required
          disabled={readOnly && !checked}
          {...describedBy(field, id, error)}
          onChange={(e) => props.onChange(field, e.currentTarget.checked ? ['1'] : [])}
          onBlur={() => props.onBlur(field)}
        />
        <label htmlFor={choiceId} className="qforms-field-label-inline">
          {field.agreement}
        </label>
      </div>
      <Description field={field} id={id} />
      <ErrorText id={id} message={error} />
    </>
  );
}
