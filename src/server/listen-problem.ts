/**
 * Why the site could not listen on HOST:PORT, in one line naming what to change: another
 * program on the port, a port below 1024 without the privilege, an address this machine
 * does not have.
 */
export function listenProblem(error: unknown, host: string, port: number): string {
  const code = (error as { code?: unknown }).code;
  const where = `${host}:${port}`;
  if (code === 'EADDRINUSE') {
    return `PORT: ${where} is already in use by another program (another Quire?); stop it, or set PORT to a free port`;
  }
  if (code === 'EACCES') {
    return `PORT: this process may not listen on ${where} (ports below 1024 need privileges); set PORT above 1023 and put a reverse proxy such as nginx in front`;
  }
  if (code === 'EADDRNOTAVAIL') {
    return `HOST: ${host} is not an address of this machine; set HOST to one of its addresses, such as 127.0.0.1 or 0.0.0.0`;
  }
  return `PORT: cannot listen on ${where}: ${(error as Error).message}`;
}
