/**
 * The texts only the server writes (locale en): general errors of a submission and the mails
 * an entry causes (orders' texts are the payments feature's). Apart from messages.ts so the
 * form island does not carry them. Filled by `fill`.
 */
export const serverMessages = {
  /** A bank's confirmation step needs the page's scripts. */
  cardNeedsScript:
    'Your bank asks you to confirm this payment, which needs JavaScript. Please turn it on and send the form again.',
  /** General errors the server puts in the form header. */
  formNotFound: 'This form is no longer available.',
  expiredToken:
    'This form has been open too long and has expired. Please check your entries and submit again.',
  invalidToken: 'This form could not be verified. Please reload the page and try again.',
  tooManySubmissions:
    'Too many submissions from your connection. Please wait a minute and try again.',
  readOnly: 'This form is read-only and cannot be submitted.',
  mailOwnerFooter: 'Sent from {page} through the form "{form}" on {site}.',
  /** A save that would file a field under another field's answers (decision 0048). */
  fieldIdReused:
    'id {id} belonged to “{label}”, a field deleted from this form whose answers are kept under that id; give this field a new id, above {mark}',
  fieldIdRetyped:
    'field {id} “{label}” has answers as a {was} field; a {type} field is another field and needs a new id, above {mark}',
  /** The CSV export's column of an answer whose field the form no longer has. */
  deletedFieldColumn: '{label} (deleted field {id})',
  unnamedFieldColumn: 'Field {id}',
} as const;
