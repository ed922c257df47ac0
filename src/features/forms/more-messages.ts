/**
 * The texts of the field types beyond the core ones (dates, addresses, files…), apart from
 * messages.ts so that a contact form's island does not carry them. Filled by `fill`.
 */
export const moreMessages = {
  /** Seed §5, verbatim. */
  maskIncomplete: 'Please fill out the field in required format.',
  dateFormat: 'Please enter a date as {format}.',
  datePast: 'Please choose a date that is not in the past.',
  dateToday: 'Please choose a date other than today.',
  dateWeekday: 'Please choose a {days}.',
  datePick: 'Choose a date',
  time12h: 'Please enter a time such as 9:30 AM.',
  time24h: 'Please enter a time such as 14:30.',
  phone:
    'Please enter a valid phone number, with its country code if it is not from the country shown.',
  phoneCountry: 'Country',
  phoneNumber: 'Phone number',
  addressLine1: 'Address Line 1',
  addressLine2: 'Address Line 2',
  addressCity: 'City',
  addressState: 'State / Province / Region',
  addressPostal: 'Zip / Postal Code',
  addressCountry: 'Country',
  passwordWeak:
    'This password is too easy to guess (“{strength}”). Please choose one rated at least “{level}”: longer, with words that do not belong together.',
  passwordStrength: 'Strength: {strength}',
  passwordLabel: 'Password',
  passwordConfirmationLabel: 'Confirm Password',
  ratingValue: '{value} of {scale}',
  npsLow: 'Not at all likely',
  npsHigh: 'Extremely likely',
  repeaterRows: 'Please add from {min} to {max} rows.',
  repeaterRow: 'Row {row}',
  fileType: 'The file {name} is not of an allowed type ({extensions}).',
  fileSize: 'The file {name} is larger than {maxSize} MB.',
  fileCount: 'Please choose no more than {max} files.',
  fileContent: 'The file {name} does not hold what its name says.',
  /** Seed §5: the combined size of the chosen files, in MB to 3 decimals. */
  uploadTotal:
    'The files you chose come to {totalSize} MB, more than the {maxSize} MB a form can take. Please choose fewer or smaller files.',
  uploadLimitHint: 'Files may come to {maxSize} MB in all.',
  signatureTyped: 'Or type your full name',
  signatureClear: 'Clear',
  signedAs: 'Signed as {name}',
  signatureRequired: 'Please sign, or type your full name.',
  richTextLink: 'Address of the link',
  /** A crafted request sent files to a form without file fields. */
  noFilesTaken: 'This form takes no files.',
  uploadTooLarge: 'The files you chose are too large for this form.',
  /** What an entry of spam shows beside a file's name: its bytes were not kept. */
  fileSpamNotKept: 'not kept',
} as const;
