import type { KeyboardEvent } from 'react';
import type { SanitisedHtml } from '../../../platform/sanitised-html.ts';
import type { FieldErrors } from '../field-rules.ts';
import type { FieldInput, FormValues } from '../field-values.ts';
import type { FormField } from '../form-definition.ts';
import type { FileFacts } from '../rules/files.ts';
import type { PaymentView } from './use-payment.ts';

/** What every field's markup is made of: label, description, error, and their ties. */

export type FieldViewProps = {
  field: FormField;
  /** Prefix of element ids, unique per form embed: `qforms-3-0`. */
  idPrefix: string;
  value: FieldInput | undefined;
  errors: FieldErrors;
  /** Read-only by the field, or because the whole form is locked. */
  readOnly: boolean;
  /**
   * Whether the browser's own check may require it: not for a field that conditions may
   * hide, which a form without JavaScript shows and the server decides on.
   */
  nativeRequired: boolean;
  /** An e-mail address to offer instead of what was typed. */
  suggestion?: string | undefined;
  /** `part` names the input of a field that has several (`first`, `secondary`). */
  onChange: (field: FormField, value: FieldInput, part?: string) => void;
  onBlur: (field: FormField, part?: string) => void;
  onAcceptSuggestion?: (field: FormField, suggestion: string) => void;
  onNumberKey?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** The markup of a content or HTML block, sanitised by the server. */
  markup?: SanitisedHtml | undefined;
  /**
   * The field's page is shown and the island has hydrated: the moment a field loads its
   * enhanced widget (`useLazyModule`). False on the server and in the first render.
   */
  active: boolean;
  /** Countries for address and phone fields, and the site's time zone for dates. */
  countries?: ReadonlyArray<readonly [string, string]> | undefined;
  timeZone?: string | undefined;
  /** The whole form's answers, for the entry preview and the password's weak words. */
  answers?: { fields: readonly FormField[]; values: FormValues; visible: ReadonlySet<number> };
  /** The form's order, currency, coupon and card state (a form with payment fields). */
  payment?: PaymentView | undefined;
  /** A file field's files, as chosen, dropped, photographed or drawn. */
  onFiles?: ((field: FormField, files: readonly FileFacts[]) => void) | undefined;
  /** The site's upload limit in MB, for a form with file fields. */
  uploadLimitMb?: number | undefined;
};

export const inputId = (idPrefix: string, fieldId: number, part?: string) =>
  `${idPrefix}-field_${fieldId}${part ? `-${part}` : ''}`;
export const errorId = (input: string) => `${input}-error`;

export function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <em id={errorId(id)} className="qforms-error" role="alert">
      {message}
    </em>
  );
}

export function Label({
  field,
  htmlFor,
  asLegend = false,
  id,
}: {
  field: FormField;
  htmlFor?: string;
  asLegend?: boolean;
  /** For an input that a label cannot name by `for` (a contenteditable area). */
  id?: string;
}) {
  if (!field.label) return null;
  const className = `qforms-field-label${field.hideLabel ? ' qforms-label-hide' : ''}`;
  const content = (
    <>
      {field.label}
      {field.required && (
        <span className="qforms-required-label" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </>
  );
  if (asLegend) return <legend className={className}>{content}</legend>;
  // A field without an input of its own (a fixed price) has a label that labels nothing.
  if (htmlFor === undefined) return <p className={className}>{content}</p>;
  return (
    <label className={className} htmlFor={htmlFor} id={id}>
      {content}
    </label>
  );
}

/** The attributes that tie an input to its description and error (label/for is separate). */
export function describedBy(
  field: FormField,
  id: string,
  error: string | undefined,
  extra: string[] = [],
) {
  const ids = [...(field.description ? [`${id}-description`] : []), ...extra];
  if (error) ids.push(errorId(id));
  return {
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-required': field.required || undefined,
  };
}

export function Description({ field, id }: { field: FormField; id: string }) {
  if (!field.description) return null;
  return (
    <div id={`${id}-description`} className="qforms-field-description">
      {field.description}
    </div>
  );
}

export type Inner<F extends FormField = FormField> = FieldViewProps & {
  field: F;
  id: string;
  error: string | undefined;
};
