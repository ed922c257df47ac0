/**
 * Debian's Chromium, as the end-to-end tests and the page-weight benchmark launch it: test
 * tools cannot download their own browser on this network, and without the background
 * flags Chromium keeps trying to reach Google's hosts. The camera is Chromium's fake one.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // A camera field's journeys: a test pattern for a camera, allowed without asking.
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
  ],
};
