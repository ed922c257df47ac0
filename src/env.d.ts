/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    app: import('./server/boot.ts').AppContext;
    /** Resolves once the response's socket takes more (http-front.ts): back-pressure for streams. */
    responseDrained?: () => Promise<void>;
    /** Why an admin screen is not shown to its user: the 403 screen says it (admin-page.ts). */
    forbidden?: string;
  }
}

/** The built qstat beacon (stats/server/beacon-bundle.ts): minified JavaScript to inline. */
declare module 'virtual:qstat-beacon' {
  const beaconSource: string;
  export default beaconSource;
}

declare module 'virtual:quire-admin-script' {
  /** The address of the admin's browser bundle (features/admin/server/admin-bundle.ts). */
  const address: string;
  export default address;
}
