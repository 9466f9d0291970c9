// Deployment settings of accounts: password-reset links and sign-in throttling (parsed from the
// environment by the app; see docs/accounts.md).

export interface AccountConfig {
  /** PASSWORD_RESET_TTL_MINUTES: how long an e-mailed reset link works. */
  passwordResetTtlMinutes: number;
  /** SIGNIN_MAX_FAILURES: wrong passwords per account within the window before it is blocked. */
  maxFailuresPerAccount: number;
  /** SIGNIN_MAX_FAILURES_PER_ADDRESS: wrong passwords (and reset requests) per client address. */
  maxFailuresPerAddress: number;
  /** SIGNIN_BLOCK_SECONDS: length of a block, and of the window in which failures are counted. */
  blockSeconds: number;
}

export const DEFAULT_ACCOUNT_CONFIG: AccountConfig = {
  passwordResetTtlMinutes: 60,
  maxFailuresPerAccount: 10,
  maxFailuresPerAddress: 50,
  blockSeconds: 900,
};
