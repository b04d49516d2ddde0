/** Texts of the mails the accounts area sends. Plain text: no tracking, nothing to render. */

export function passwordResetMail(opts: { appName: string; link: string; validMinutes: number }): {
  subject: string;
  text: string;
} {
  return {
    subject: `Reset your ${opts.appName} password`,
    text: [
      `Someone (hopefully you) asked to reset the password of your ${opts.appName} account.`,
      '',
      `Open this link within ${opts.validMinutes} minutes to choose a new password:`,
      opts.link,
      '',
      'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

/** Sent after every password change or reset (ASVS 2.2.3: notify of changed credentials). */
export function passwordChangedMail(opts: {
  appName: string;
  how: 'changed' | 'reset';
  resetLink: string;
}): { subject: string; text: string } {
  return {
    subject: `Your ${opts.appName} password was ${opts.how}`,
    text: [
      `The password of your ${opts.appName} account was just ${opts.how === 'reset' ? 'reset with an emailed link' : 'changed in the settings'}.`,
      'Every other device signed in to the account was signed out.',
      '',
      `If this was not you, choose a new password now: ${opts.resetLink}`,
    ].join('\n'),
  };
}
