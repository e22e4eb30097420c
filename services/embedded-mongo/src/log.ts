// Where the engine reports what it did on its own (a torn journal tail dropped at start). The shape
// is pino's `logger.warn(fields, message)`, so a service can pass its own logger.
export interface EngineLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

/** The default: one line on stderr, which the CLI's supervisor (`npm start`) keeps in its log. */
export const stderrLogger: EngineLogger = {
  warn: (_fields, message) => {
    process.stderr.write(`embedded-mongo: warning: ${message}\n`);
  },
};
