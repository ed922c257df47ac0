/** The command line was used wrongly; the CLI prints the message and its usage, exit code 2. */
export class UsageError extends Error {}
