/**
 * The texts only the captcha's widgets show (locale en), a part of the forms' catalogue
 * (messages.ts) in a module of its own: it travels in the widgets' lazily loaded code, not in
 * the code of every form (decision 0037).
 */
export const captchaMessages = {
  /** Seed §8: the captcha failed; {name} is the captcha service. */
  captchaFailed: '{name} verification failed, please try again later.',
  recaptchaFailed: 'Google reCAPTCHA verification failed, please try again later.',
  hcaptchaFailed: 'hCaptcha verification failed, please try again later.',

  /** The service's script could not be loaded; {name} is the service. */
  unavailable:
    '{name} could not be loaded, so this form cannot be sent just now. Please check your connection and try again later.',
  /** The visitor sent the form before answering the captcha. */
  required: 'Please complete the captcha.',
};
