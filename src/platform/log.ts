type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = {
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  silent: 99,
};

export type Logger = Record<Level, (message: string, details?: Record<string, unknown>) => void>;

/** One line per event on stderr/stdout: time, level, message and optional JSON details. */
export function createLogger(minimum: Level | 'silent'): Logger {
  const write = (level: Level) => (message: string, details?: Record<string, unknown>) => {
    if (order[level] < order[minimum]) return;
    const line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${message}${
      details ? ` ${JSON.stringify(details)}` : ''
    }`;
    (level === 'error' || level === 'warn' ? console.error : console.log)(line);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
