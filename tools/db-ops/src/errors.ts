/** A problem the person running the command can act on: its message is printed, without a stack. */
export class UserError extends Error {
  constructor(
    message: string,
    /** Process exit code: 2 for a usage error, 1 otherwise. */
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'UserError';
  }
}
