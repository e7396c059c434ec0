import { z } from 'zod';
import { PasswordMessages } from '../messages';

/** Spec 5 password rules: a digit, a lowercase and an uppercase letter, a special symbol, length 8 to 128. */
export const Password = z
  .string()
  .min(8, PasswordMessages.min)
  .max(128, PasswordMessages.max)
  .regex(/\d/, PasswordMessages.digit)
  .regex(/[a-z]/, PasswordMessages.lowercase)
  .regex(/[A-Z]/, PasswordMessages.uppercase)
  .regex(/[^A-Za-z0-9]/, PasswordMessages.special);
