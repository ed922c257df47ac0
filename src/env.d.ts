/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    app: import('./server/boot.ts').AppContext;
  }
}
