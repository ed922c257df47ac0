/**
 * The texts only the captcha's widgets show (locale en), a part of the forms' catalogue
 * (messages.ts) in a module of its own: it travels in the widgets' lazily loaded code, not in
 * the code of every form (decision 0037).
 */
export const captchaMessages = {
  /** The service's script could not be loaded; {name} is the service. */
  unavailable:
    '{name} could not be loaded, so this form cannot be sent just now. Please check your connection and try again later.',
  /** The visitor sent the form before answering the captcha. */
  required: 'Please complete the captcha.',
};
