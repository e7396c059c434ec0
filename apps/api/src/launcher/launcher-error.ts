/** An expected problem with the machine or the configuration: printed as a message, without a stack. */
export class LauncherError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LauncherError';
  }
}
