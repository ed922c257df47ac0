/**
 * Every text the forms module shows a visitor or writes to the log (locale en). The texts the
 * specification quotes are used verbatim; placeholders keep the specification's spelling
 * ({0}, {#}, {count}, {limit}, {value}, {suggestion}) and are filled by `fill`.
 */
export const formMessages = {
  required: 'This field is required.',
  email: 'Please enter a valid email address.',
  restrictedEmail: 'This email address is not allowed.',
  emailSuggestion: 'Did you mean {suggestion}?',
  emailSuggestionTitle: 'Click to accept this suggestion.',
  number: 'Please enter a valid number.',
  positiveNumber: 'Please enter a valid positive number.',
  min: 'Please enter a value greater than or equal to {0}.',
  max: 'Please enter a value less than or equal to {0}.',
  /** The specification does not word the step rule; this follows the min/max messages. */
  step: 'Please enter a multiple of {0}, counted from {1}.',
  url: 'Please enter a valid URL.',
  /** Seed §4, verbatim: a required payment with nothing chosen or an amount of 0. */
  paymentRequired: 'Payment is required.',
  minimumPrice: 'Amount entered is less than the required minimum.',
  creditCard: 'Please enter a valid credit card number.',
  cardExpiry: 'Please enter the expiry date shown on the card, as MM/YY, not in the past.',
  cardCvc:
    'Please enter the security code: the 3 digits on the back of the card, or 4 on the front of an American Express card.',
  amount: 'Please enter an amount, such as {example}.',
  quantity: 'Please enter a quantity from {min} to {max}.',
  cardEnding: '{brand} ending in {last4}',
  /** The payment provider's script could not be loaded; the rest of the form still works. */
  cardUnavailable:
    'Card payment cannot be offered right now: the payment service could not be reached. Please try again later.',
  cardDetailsRequired: 'Please enter your card details.',
  couponInvalid: 'This coupon code is not valid.',
  couponCheckFailed: 'The coupon could not be checked. Please try again.',
  summaryCaption: 'Order summary',
  confirmation: 'Field values do not match.',
  uploadProgress: 'Uploading the files',
  /** Without JavaScript no captcha can be answered, and the server refuses the form. */
  captchaNeedsScript: 'This form’s captcha needs JavaScript: please turn it on to send the form.',
  choiceLimit: 'You have exceeded the number of allowed selections: {#}.',
  characterCounter: '{count} of {limit} max characters.',
  wordCounter: '{count} of {limit} max words.',
  characterLimit: 'Please enter no more than {limit} characters.',
  wordLimit: 'Please enter no more than {limit} words.',
  invalidChoice: 'Please choose one of the listed options.',
  tooLong: 'This value is too long.',
  emailConfirmationLabel: 'Confirm Email',
  firstName: 'First',
  lastName: 'Last',
  next: 'Next',
  previous: 'Previous',
  pageProgress: 'Page {current} of {total}',
  networkError: 'Network error or server is unreachable. Check your connection or try again later.',
  tokenRefreshError:
    'Error updating token. Please try again or contact support if the issue persists.',
  /** Shown without JavaScript, where fields that conditions hide are all on the page. */
  conditionShow: 'Only when {rules}.',
  conditionHide: 'Not needed when {rules}.',
  conditionIs: '“{field}” is “{value}”',
  conditionIsNot: '“{field}” is not “{value}”',
  conditionEmpty: '“{field}” is empty',
  conditionNotEmpty: '“{field}” is filled in',
  conditionContains: '“{field}” contains “{value}”',
  conditionAnd: ' and ',
  conditionOr: ' or ',
} as const;
