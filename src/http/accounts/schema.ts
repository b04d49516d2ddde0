import { z } from 'zod';
import {
  displayNameRule,
  emailRule,
  EMAIL_MAX,
  countryRule,
  iracingCustomerIdRule,
} from '../../commands/users/rules.ts';
import { driverIdSchema } from '../../events/favorites.ts';
import { PASSWORD_MAX } from '../auth/password-policy.ts';

/**
 * Form and query schemas of the accounts routes. Messages are what the form shows under the
 * field (props.errors). Passwords are never trimmed; their policy (length, common list) is
 * checked after parsing by password-policy.ts, so its message names the rule that failed.
 */

const text = (message: string) => z.string({ error: message });

/** A password as typed: any characters, bounded so nobody can make us hash a megabyte. */
const password = (message: string) =>
  text(message)
    .min(1, message)
    .max(PASSWORD_MAX * 4, `Use at most ${PASSWORD_MAX} characters.`);

export const loginForm = z.object({
  email: text('Enter your email address.')
    .trim()
    .min(1, 'Enter your email address.')
    .max(EMAIL_MAX, 'Enter a valid email address.'),
  password: password('Enter your password.'),
  returnTo: z.string().max(2000).optional(),
});

export const registerForm = z
  .object({
    displayName: displayNameRule,
    email: emailRule,
    password: password('Choose a password.'),
    passwordConfirmation: text('Repeat the password.'),
  })
  .refine((f) => f.password === f.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'The two passwords differ.',
  });

export const forgotForm = z.object({ email: emailRule });

export const resetForm = z
  .object({
    token: text('This reset link is incomplete.').max(200, 'This reset link is invalid.'),
    password: password('Choose a new password.'),
    passwordConfirmation: text('Repeat the password.'),
  })
  .refine((f) => f.password === f.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'The two passwords differ.',
  });

export const resetPageQuery = z.object({ token: z.string().max(200).optional() });

export const changePasswordForm = z
  .object({
    /** Absent for an account without a password yet (created with Discord). */
    currentPassword: z
      .string({ error: 'Enter your current password.' })
      .max(PASSWORD_MAX * 4)
      .optional(),
    password: password('Choose a new password.'),
    passwordConfirmation: text('Repeat the password.'),
  })
  .refine((f) => f.password === f.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'The two passwords differ.',
  });

export const userInfoForm = z.object({
  displayName: displayNameRule,
  iracingCustomerId: iracingCustomerIdRule,
  country: countryRule,
});

/** Password accounts confirm with the password; accounts without one type DELETE. */
export const deleteAccountForm = z.object({
  password: z
    .string({ error: 'Enter your password.' })
    .max(PASSWORD_MAX * 4)
    .optional(),
  confirmation: z.string({ error: 'Type DELETE to confirm.' }).max(20).optional(),
});

export const DELETE_CONFIRMATION = 'DELETE';

export const favoriteForm = z.object({
  driverId: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
    driverIdSchema.refine(Number.isSafeInteger, 'Not a driver id.'),
  ),
});
