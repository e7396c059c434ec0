/** The message catalogue of spec sections 5 and 8, plus the server's own. One place, so client and server agree. */
export const Messages = {
  guestsNotAllowed: 'Authorization for guests is not allowed',
  invalidToken: 'Invalid Token',
  noToken: 'No token given',
  noUserToken: 'No user token given',
  noCachedUser: 'No cached user params are available',
  roleNotValid: 'Role is not valid',
  serviceUrlNotDefined: 'serviceUrl is not defined or not discovered',
  tokenNotDefined: 'token is not defined',
  invalidCredentials: 'Invalid username or password',
  invalidVerificationCode: 'Invalid verification code',
  invalidCaptcha: 'Invalid captcha',
  accountDisabled: 'Account is disabled',
  userDisabled: 'User is disabled',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  unknownService: 'Unknown service name',
  multiUserOnly: 'This call needs a multi-user sign-in',
  userOnly: 'This call needs a sign-in as a user of an account',
  userNotLinked: 'This user is not reachable from your sign-in',
  emailTaken: 'This email is already in use',
  accountNameTaken: 'An account with this name already exists',
  wrongCurrentPassword: 'Current password is wrong',
  twoFactorNotEnabled: 'Two-factor authentication is not enabled',
  emailChangeTokenInvalid: 'Email change token is invalid or expired',
  cannotDeleteSelf: 'You cannot delete yourself',
  uploadTypeNotAllowed: 'Only images can be uploaded',
  tooManyAttempts: 'Too many failed attempts; try again later',
  internal: 'Internal server error',
  requestTimeout: (ms: number) => `Request timeout out after ${ms} ms`,
  requestTimedOut: 'Request timed out',
  accountNotFound: 'Account not found',
  userNotFound: 'User not found',
  settingNotFound: 'Setting not found',
  cannotDisableOwnAccount: 'You cannot disable your own account',
  cannotChangeOwnRole: 'You cannot change your own role or disable yourself',
  currentPasswordRequired: 'Current password is required to change your own password',
  superAdminOnly: 'Only a SUPER_ADMIN can grant or change the SUPER_ADMIN role',
  userAlreadyLinked: 'This user is already linked to another multi-user',
  multiUserAccountTaken: 'This multi-user already reaches a user of this account',
} as const;

/** Password rules of spec 5: one message per rule. */
export const PasswordMessages = {
  digit: 'Password must contain a digit',
  lowercase: 'Password must contain a lowercase letter',
  uppercase: 'Password must contain an uppercase letter',
  special: 'Password must contain a special symbol',
  min: 'Password must be at least 8 characters long',
  max: 'Password must be at most 128 characters long',
} as const;

/** Messages of the job engine (runs). */
export const RunMessages = {
  actionRefused: (action: string, state: string, allowed: readonly string[]) =>
    `Cannot ${action} a run that is ${state}; allowed: ${allowed.length ? allowed.join(', ') : 'none'}`,
  workerLost: (attempt: number) => `The worker running attempt ${attempt} stopped before finishing it`,
  interrupted: 'The worker shut down before the run finished',
} as const;
